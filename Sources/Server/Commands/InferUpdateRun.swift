import ArgumentParser
import Foundation
import MappingEngine

/// `convertd infer --update FILE`: the file, the other schemas, the samples and drift reports
/// read; the update's diff printed or the file rewritten; its notes on stderr.
struct UpdateRun {
    let command: InferCommand
    /// The schema file to change, as given.
    let file: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            Output.stderr("cannot read \(file)")
            throw ExitCode(1)
        }
        let source = SchemaSource(file: file, text: String(decoding: data, as: UTF8.self))
        let model = try chosenModel(in: source)
        let others = try otherSources()
        var update: SchemaUpdate
        do {
            update = try SchemaUpdate(source: source, model: model, sources: others)
        } catch {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
        let samples = command.files.isEmpty && command.drift.isEmpty ? ["-"] : command.files
        for sample in samples {
            let bytes = try Input.read(sample)
            let lines = command.ndjson || InputReader.namesNDJSON(sample)
            do {
                try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try update.add(samples: buffer, ndjson: lines) }
            } catch {
                Output.stderr("\(sample == "-" ? "stdin" : sample): \(error.code) at line \(error.line), column \(error.column): \(error.message)")
                throw ExitCode(1)
            }
        }
        for report in command.drift {
            let bytes = try Input.read(report)
            do {
                let parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try JSONValue(parsing: buffer) }
                try update.add(driftReport: parsed)
            } catch {
                Output.stderr("\(report): \(error)")
                throw ExitCode(1)
            }
        }
        if update.skippedCount > 0 {
            Output.stderr("note: \(update.skippedCount) value\(update.skippedCount == 1 ? " is" : "s are") not an object (or past the sample limit) and not a sample")
        }
        for note in update.notes { Output.stderr("note: \(note)") }
        let updated: SchemaSource
        do { updated = try update.updatedSource() } catch {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
        guard update.changed else {
            Output.stderr("no change needed")
            return
        }
        guard command.write else {
            let diff = LineDiff.unified(old: source.text, new: updated.text, oldName: file, newName: file + " (updated)")
            FileHandle.standardOutput.write(Data(diff.utf8))
            return
        }
        do {
            try updated.text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            Output.stderr("cannot write \(file): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        Output.stderr("updated \(file)")
    }

    /// `--model`, or the one model the file defines.
    private func chosenModel(in source: SchemaSource) throws -> String {
        if let model = command.model { return model }
        let models: [String]
        do { models = try SchemaUpdate.models(in: source) } catch {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
        guard models.count == 1, let only = models.first else {
            throw ValidationError("\(file) defines \(models.count) models (\(models.joined(separator: ", "))): name one with --model")
        }
        return only
    }

    /// The schema files of `--schemas`, the updated file left out; errors reading them on
    /// stderr and exit 1.
    private func otherSources() throws -> [SchemaSource] {
        guard let directory = command.schemas else { return [] }
        let read = SchemaLoader.sources(in: directory)
        guard read.errors.isEmpty else {
            Output.stderr(read.errors.map(\.description).joined(separator: "\n"))
            throw ExitCode(1)
        }
        let updated = URL(fileURLWithPath: file).resolvingSymlinksInPath().standardizedFileURL.path
        return read.sources.filter {
            URL(fileURLWithPath: directory).appendingPathComponent($0.file).resolvingSymlinksInPath().standardizedFileURL.path != updated
        }
    }
}
