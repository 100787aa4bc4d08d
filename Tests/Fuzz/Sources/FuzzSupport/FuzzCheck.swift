import MappingEngine

/// Invariant checks shared by the fuzz targets; a broken invariant aborts, which libFuzzer
/// records as a crash with the input that caused it.
public enum FuzzCheck {
    /// Aborts with `message` unless `condition` holds (`precondition` drops its message in release builds).
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }

    /// Aborts unless `bytes` is one valid JSON text; returns its minified form.
    @discardableResult
    public static func validJSON(_ bytes: UnsafeBufferPointer<UInt8>, tape: JSONTape, _ what: @autoclosure () -> String) -> [UInt8] {
        do {
            let document = try JSONParser().parse(bytes, into: tape)
            var writer = JSONWriter(capacity: bytes.count + 64)
            defer { writer.deallocate() }
            writer.value(document, 0)
            return writer.makeArray()
        } catch {
            fatalError("\(what()) is not valid JSON (\(error)): \(String(decoding: bytes.prefix(512), as: UTF8.self))")
        }
    }

    /// `validJSON` for an array.
    @discardableResult
    public static func validJSON(_ bytes: [UInt8], tape: JSONTape, _ what: @autoclosure () -> String) -> [UInt8] {
        bytes.withUnsafeBufferPointer { validJSON($0, tape: tape, what()) }
    }

    /// Converts a payload the target wrote itself with a registered model: the output must be
    /// valid JSON (and is mapped back), a failure must list its errors; a fixed payload is never
    /// malformed and a registered model never unknown.
    public static func convertsFixedPayload(_ payload: [UInt8], with engine: Engine, model: String,
                                            options: ConversionOptions = .init(), tape: JSONTape) {
        switch engine.convert(payload, model: model, options: options) {
        case .success(let output, _, _):
            validJSON(output, tape: tape, "output of \(model)")
            _ = engine.reverse(output, model: model)
        case .failure(let errors):
            require(!errors.isEmpty, "a failed conversion lists no error")
        case .malformed(let error):
            fatalError("a fixed payload is malformed: \(error)")
        case .unknownModel(let unknown):
            fatalError("registered model \(unknown) is unknown to the engine")
        }
    }

    /// Aborts unless a syntax error points inside (or just past) an input of `count` bytes.
    public static func plausible(_ error: JSONSyntaxError, inputCount count: Int) {
        require(error.offset >= 0 && error.offset <= count, "error offset \(error.offset) outside 0...\(count)")
        require(error.line >= 1 && error.column >= 1, "error position \(error.line):\(error.column)")
        require([JSONSyntaxError.badJSON, JSONSyntaxError.tooDeep, JSONSyntaxError.emptyBody].contains(error.code),
                "unknown syntax error code \(error.code)")
    }
}
