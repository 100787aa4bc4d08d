/// The JSON bodies of conversion results, shared by the command line and the HTTP service.
public enum ResultJSON {
    /// `{"schema": …, "errors": [ {path, source?, code, message, input?} … ]}`.
    public static func errors(_ errors: [ConversionError], schema: String) -> JSONValue {
        .object([.init("schema", .string(schema)), .init("errors", .array(errors.map(error)))])
    }

    /// One validation error.
    public static func error(_ error: ConversionError) -> JSONValue {
        var members: [JSONValue.Member] = [.init("path", .string(error.path))]
        if let source = error.source { members.append(.init("source", .string(source))) }
        members.append(.init("code", .string(error.codeText)))
        members.append(.init("message", .string(error.message)))
        if let rule = error.rule { members.append(.init("rule", .string(rule))) }
        if let input = error.input { members.append(.init("input", inputValue(input))) }
        if let total = error.total { members.append(.init("total", .number(String(total)))) }
        return .object(members)
    }

    /// A body that is not JSON: code, message and where.
    public static func syntaxError(_ error: JSONSyntaxError) -> JSONValue {
        .object([
            .init("code", .string(error.code)),
            .init("message", .string(error.message)),
            .init("offset", .number(String(error.offset))),
            .init("line", .number(String(error.line))),
            .init("column", .number(String(error.column))),
        ])
    }

    /// `{"result": …, "coercions": […], "unknownKeys": […]}` for a successful conversion with
    /// `explain`, plus `coercionsOmitted` / `unknownKeysOmitted` when the lists were capped.
    public static func explained(_ success: ConversionResult.Success) -> [UInt8] {
        explained(output: success.output, coercions: success.coercions, unknownKeys: success.unknownKeys,
                  coercionsOmitted: success.coercionsOmitted, unknownKeysOmitted: success.unknownKeysOmitted,
                  warnings: success.warnings, warningsOmitted: success.warningsOmitted)
    }

    /// `{"result": …, "coercions": […], "unknownKeys": […]}` for `explain`, and `"warnings": […]`
    /// when a value was recovered from; a count of omitted entries above zero adds its member
    /// (`coercionsOmitted`, `unknownKeysOmitted`, `warningsOmitted`).
    public static func explained(output: UnsafeBufferPointer<UInt8>, coercions: [Coercion], unknownKeys: [UnknownKey],
                                 coercionsOmitted: Int = 0, unknownKeysOmitted: Int = 0,
                                 warnings: [Warning] = [], warningsOmitted: Int = 0) -> [UInt8] {
        var writer = JSONWriter(capacity: output.count + 256)
        defer { writer.deallocate() }
        writer.ascii(explanationPrefix)
        writer.bytes(output)
        writeExplanation(coercions: coercions, unknownKeys: unknownKeys, coercionsOmitted: coercionsOmitted,
                         unknownKeysOmitted: unknownKeysOmitted, warnings: warnings, warningsOmitted: warningsOmitted, into: &writer)
        return writer.makeArray()
    }

    /// What an explained answer starts with, before the result.
    static let explanationPrefix: StaticString = "{\"result\":"

    /// What follows the result in an explained answer: `,"coercions":[…],"unknownKeys":[…]`,
    /// the warnings when there are any, the omitted counts above zero, and the closing `}`.
    static func writeExplanation(coercions: [Coercion], unknownKeys: [UnknownKey], coercionsOmitted: Int, unknownKeysOmitted: Int,
                                 warnings: [Warning] = [], warningsOmitted: Int = 0, into writer: inout JSONWriter) {
        writer.ascii(",\"coercions\":")
        JSONValue.array(coercions.map { coercion in
            .object([.init("path", .string(coercion.path)), .init("rule", .string(coercion.rule)),
                     .init("input", inputValue(coercion.input))])
        }).write(to: &writer)
        writer.ascii(",\"unknownKeys\":")
        JSONValue.array(unknownKeys.map { key in
            .object([.init("path", .string(key.path)), .init("input", inputValue(key.input))])
        }).write(to: &writer)
        if coercionsOmitted > 0 {
            writer.ascii(",\"coercionsOmitted\":")
            writer.uint64(UInt64(coercionsOmitted))
        }
        if unknownKeysOmitted > 0 {
            writer.ascii(",\"unknownKeysOmitted\":")
            writer.uint64(UInt64(unknownKeysOmitted))
        }
        if !warnings.isEmpty || warningsOmitted > 0 {
            writer.ascii(",\"warnings\":")
            JSONValue.array(warnings.map(warning)).write(to: &writer)
        }
        if warningsOmitted > 0 {
            writer.ascii(",\"warningsOmitted\":")
            writer.uint64(UInt64(warningsOmitted))
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// One recovery: `{path, source?, code, message, action, input?, errorPath?}`.
    public static func warning(_ warning: Warning) -> JSONValue {
        var members: [JSONValue.Member] = [.init("path", .string(warning.path))]
        if let source = warning.source { members.append(.init("source", .string(source))) }
        members.append(.init("code", .string(warning.code)))
        members.append(.init("message", .string(warning.message)))
        members.append(.init("action", .string(warning.action.rawValue)))
        if let input = warning.input { members.append(.init("input", inputValue(input))) }
        if let errorPath = warning.errorPath { members.append(.init("errorPath", .string(errorPath))) }
        return .object(members)
    }

    /// The offending value as JSON when it was kept whole, else its cut text as a string.
    private static func inputValue(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .string(text)
    }
}
