import Foundation
import Glibc
import MappingEngine

/// Writes accepted schema changes into the schema directory (`--persist`), so a restart serves
/// the same registry. Each file is replaced atomically: written to a hidden temporary file
/// beside it (the loader skips hidden entries), flushed to disk, renamed over the old one, and
/// the directory flushed, so a crash leaves the old file or the new one, never half of one.
struct SchemaFiles: Sendable {
    /// Why a change could not be written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let directory: String

    /// Writes the files a change made or altered and removes the ones it emptied.
    func persist(written: [SchemaSource], deleted: [String]) throws(Failure) {
        for source in written { try write(source) }
        for file in deleted { try remove(file) }
    }

    /// Writes `model`'s version ledger, `.versions/<model>.json`.
    func persistHistory(of model: String, text: String) throws(Failure) {
        try write(SchemaSource(file: "\(VersionLedger.folder)/\(model).json", text: text),
                  at: (directory as NSString).appendingPathComponent("\(VersionLedger.folder)/\(model).json"))
    }

    /// The ledger files of the directory, by model; those that cannot be read or are not
    /// ledgers are errors.
    static func histories(in directory: String) -> (histories: [String: [ModelVersion]], texts: [String: String], errors: [SchemaError]) {
        let folder = (directory as NSString).appendingPathComponent(VersionLedger.folder)
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([:], [:], []) }
        var histories: [String: [ModelVersion]] = [:]
        var texts: [String: String] = [:]
        var errors: [SchemaError] = []
        for file in files.sorted() where file.hasSuffix(".json") && !file.hasPrefix(".") {
            let model = String(file.dropLast(5))
            let relative = "\(VersionLedger.folder)/\(file)"
            let path = (folder as NSString).appendingPathComponent(file)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= RegistryLimits.default.totalBytes * 2, let data = FileManager.default.contents(atPath: path),
                  let text = String(data: data, encoding: .utf8) else {
                errors.append(SchemaError(file: relative, message: "cannot read this version ledger"))
                continue
            }
            guard let versions = VersionLedger.versions(inFile: text, model: model) else {
                errors.append(SchemaError(file: relative, message: "not a version ledger of model '\(model)'"))
                continue
            }
            histories[model] = versions
            texts[model] = text
        }
        return (histories, texts, errors)
    }

    private func write(_ source: SchemaSource) throws(Failure) {
        try write(source, at: try path(of: source.file))
    }

    private func write(_ source: SchemaSource, at target: String) throws(Failure) {
        let folder = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create \(folder): \(error.localizedDescription)")
        }
        var template = Array("\(folder)/.convertd-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw Failure(description: "cannot write in \(folder): \(String(cString: strerror(errno)))") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(source.text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { Glibc.write(descriptor, $0 + written, raw.count - written) } ?? -1 }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            written += n
        }
        let flushed = written == bytes.count && fchmod(descriptor, 0o644) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard flushed, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "cannot write \(source.file): \(reason)")
        }
        try flush(folder)
    }

    private func remove(_ file: String) throws(Failure) {
        let target = try path(of: file)
        guard unlink(target) == 0 || errno == ENOENT else {
            throw Failure(description: "cannot remove \(file): \(String(cString: strerror(errno)))")
        }
        try flush((target as NSString).deletingLastPathComponent)
    }

    /// Makes a rename or removal in `folder` durable.
    private func flush(_ folder: String) throws(Failure) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(folder): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(description: "cannot flush \(folder): \(String(cString: strerror(errno)))") }
    }

    /// The file's path under the directory; a name that climbs out of it is refused.
    private func path(of file: String) throws(Failure) -> String {
        let parts = file.split(separator: "/")
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }), !file.hasPrefix("/") else {
            throw Failure(description: "'\(file)' is not a file name inside the schema directory")
        }
        return (directory as NSString).appendingPathComponent(file)
    }
}
