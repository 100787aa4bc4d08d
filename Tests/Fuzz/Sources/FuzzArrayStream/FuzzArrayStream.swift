import Foundation
import FuzzSupport
import MappingEngine
import Spooling

/// The shipped schemas, loaded once: from `CONVERTD_SCHEMAS`, else `schemas/` in the working directory.
private let engine: Engine = {
    let directory = ProcessInfo.processInfo.environment["CONVERTD_SCHEMAS"]
        ?? FileManager.default.currentDirectoryPath + "/schemas"
    do {
        return try Engine(directory: directory)
    } catch {
        fatalError("cannot load the schemas in \(directory) (set CONVERTD_SCHEMAS):\n\(error)")
    }
}()

private let models = engine.registry.names.compactMap { engine.model(named: $0) }

// Reused across inputs, as a thread's workspace is.
nonisolated(unsafe) private let whole = Workspace()
nonisolated(unsafe) private let streamed = Workspace()

/// Chunk sizes cycled through, starting at a place the input picks: single bytes, odd sizes,
/// and sizes larger than most inputs.
private let sizes = [1, 2, 3, 5, 8, 13, 64, 1000, 4096]

/// Feeds arbitrary bytes (wrapped in `[` `]` unless they open an array) to an `ArrayConversion`
/// in chunks, for one model picked by the input, with a small error cap and, for some inputs,
/// `explain` and `pretty`; the outcome must be exactly the whole document's through
/// `Engine.convert`: the same output bytes, the same errors, the same syntax error at the same
/// offset, line and column.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArrayStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard !models.isEmpty else { return 0 }
    let raw = UnsafeBufferPointer(start: data, count: size)
    let body = DocumentStart(raw) == .array ? Array(raw) : [UInt8(ascii: "[")] + Array(raw) + [UInt8(ascii: "]")]
    let pick = size == 0 ? 0 : Int(raw[size / 2])
    let model = models[pick % models.count]
    let options = ConversionOptions(mode: pick & 1 == 0 ? .lax : .strict, explain: pick & 2 != 0, maxDepth: pick & 4 != 0 ? 4 : 256,
                                    maxErrors: 1 + pick % 5)
    let pretty = pick & 8 != 0

    let expected: Outcome = body.withUnsafeBufferPointer { bytes in
        switch engine.convert(bytes, model: model, options: options, workspace: whole) {
        case .success(let success):
            let output = options.explain ? ResultJSON.explained(success) : Array(success.output)
            return .converted(pretty ? output.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) } : output)
        case .failure(let errors): return .failed(errors)
        case .malformed(let error): return .malformed(error)
        case .unknownModel(let name): fatalError("registered model \(name) is unknown to the engine")
        }
    }

    let spool = Spool()
    let conversion = ArrayConversion(model: model, options: options, pretty: pretty, output: spool)
    body.withUnsafeBufferPointer { bytes in
        var offset = 0
        var turn = pick
        while offset < bytes.count {
            let end = offset + min(bytes.count - offset, sizes[turn % sizes.count])
            conversion.feed(UnsafeBufferPointer(rebasing: bytes[offset..<end]), workspace: streamed)
            offset = end
            turn += 1
        }
    }
    let got: Outcome
    switch conversion.finish(workspace: streamed) {
    case .converted:
        got = .converted(spool.take().readAll())
    case .failed(let errors): got = .failed(errors)
    case .malformed(let error): got = .malformed(error)
    }
    FuzzCheck.require(got == expected, "streamed \(model.name) gave \(got), the whole document \(expected)")
    return 0
}

/// A conversion's answer, comparable.
private enum Outcome: Equatable {
    case converted([UInt8])
    case failed([ConversionError])
    case malformed(JSONSyntaxError)
}
