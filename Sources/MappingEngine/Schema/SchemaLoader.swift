import Foundation

/// The first stages of every schema change: read a directory's files into sources, decode each
/// file's models, and resolve them into a registry. Compiling comes after, in `SchemaPipeline`.
public enum SchemaLoader {
    /// The schema files under `directory` (recursively, hidden entries skipped, symbolic links
    /// followed), sorted by file, and the files that could not be read. A file over
    /// `limits.fileBytes` is not read, nor any file once `limits.totalBytes` are: each is an error.
    public static func sources(in directory: String, limits: RegistryLimits = .default) -> (sources: [SchemaSource], errors: [SchemaError]) {
        guard let root = directoryPath(directory) else {
            return ([], [SchemaError(file: directory, message: "not a directory")])
        }
        var sources: [SchemaSource] = []
        var errors: [SchemaError] = []
        var total = 0
        for relative in schemaFiles(under: root) {
            // Non-blocking, so a FIFO among the files is an error rather than a wait for a writer.
            let descriptor = open(root + "/" + relative, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                errors.append(SchemaError(file: relative, message: "cannot read: \(String(cString: strerror(errno)))"))
                continue
            }
            defer { close(descriptor) }
            // The size is checked before reading, so an oversized file costs no memory.
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
            guard size <= limits.fileBytes else {
                errors.append(limits.exceeded(.fileBytes, found: size, "the file's size in bytes", file: relative))
                continue
            }
            total += size
            guard total <= limits.totalBytes else {
                errors.append(limits.exceeded(.totalBytes, found: total, "the schema files' size in bytes up to this file", file: relative))
                break
            }
            switch contents(of: descriptor, limit: limits.fileBytes) {
            case .failure(let problem):
                errors.append(SchemaError(file: relative, message: problem.description))
            case .success(let bytes):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    errors.append(SchemaError(file: relative, message: "not UTF-8 text"))
                    continue
                }
                sources.append(SchemaSource(file: relative, text: text))
            }
        }
        return (sources, errors)
    }

    /// Why a schema file's bytes could not be read.
    private struct ReadProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of the open file `descriptor`, at most `limit` of them (a file that grew past
    /// it since its size was checked is refused). Opened, sized and read with system calls
    /// rather than FileManager and `Data(contentsOf:)`, whose attribute dictionary and URL
    /// handling were a tenth each of a one-model `convert`'s start-up.
    private static func contents(of descriptor: Int32, limit: Int) -> Result<[UInt8], ReadProblem> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadProblem(description: "cannot read: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else {
                return .failure(ReadProblem(description: "cannot read: the file grew past \(limit) bytes while it was read"))
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Decodes every source and resolves the models: the registry, unless resolving failed, and
    /// every error found, after `readErrors` (decode errors do not stop resolving, so the compile
    /// stage can still list the mistakes of the models that decoded). Sources over `limits` in
    /// size are refused before any is parsed.
    static func resolve(_ sources: [SchemaSource], readErrors: [SchemaError] = [],
                        limits: RegistryLimits = .default) -> (registry: SchemaRegistry?, errors: [SchemaError]) {
        var errors = readErrors
        let total = sources.reduce(0) { $0 + $1.text.utf8.count }
        guard total <= limits.totalBytes else {
            return (nil, errors + [limits.exceeded(.totalBytes, found: total, "the schema files' size in bytes", file: "")])
        }
        var definitions: [ModelDefinition] = []
        var profiles: [OutputProfile] = []
        for source in sources {
            let root: JSONValue
            do {
                root = try source.root(limits: limits)
            } catch {
                errors.append(error)
                continue
            }
            var decoder = SchemaDecoder(file: source.file, limits: limits)
            definitions += decoder.models(in: root)
            profiles += decoder.profiles
            errors += decoder.errors
        }
        do {
            return (try SchemaRegistry(definitions: definitions, sources: sources, profiles: profiles, limits: limits), errors)
        } catch {
            return (nil, errors + error.errors)
        }
    }

    /// `directory` with its symbolic links resolved, when it is a directory (or a link to one).
    private static func directoryPath(_ directory: String) -> String? {
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let resolved = realpath(directory, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Relative paths of the schema files, sorted so loading is deterministic. The directory may
    /// be a symbolic link; hidden entries are skipped (a Kubernetes ConfigMap volume holds every
    /// file twice, once under its `..data` directory), and so are `<Model>.examples` folders,
    /// whose JSON files are example payloads (`ExampleFiles`), not schemas. Directories are
    /// entered, links to them are not (a link to a file is listed, and reading it follows it).
    ///
    /// Listed with `readdir` rather than FileManager's enumerator, whose path handling (a
    /// `replacingOccurrences` per entry, URL paths) was a sixth of a one-model `convert`'s start-up.
    private static func schemaFiles(under root: String) -> [String] {
        var files: [String] = []
        // Directories still to list, relative to the root; a stack, so depth costs no recursion.
        var pending = [""]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder.isEmpty ? root : root + "/" + folder) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
                }
                guard !name.hasPrefix("."), !name.hasSuffix(ExampleFiles.folderSuffix) else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                if isDirectory(entry, root + "/" + relative) {
                    pending.append(relative)
                } else if SchemaSource.isSchemaFile(relative) {
                    files.append(relative)
                }
            }
        }
        return files.sorted()
    }

    /// Whether a directory entry is a directory itself (not a link to one): its type, or where
    /// the file system does not say, `lstat`'s.
    private static func isDirectory(_ entry: UnsafeMutablePointer<dirent>, _ path: String) -> Bool {
        let type = Int32(entry.pointee.d_type)
        if type != Int32(DT_UNKNOWN) { return type == Int32(DT_DIR) }
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
