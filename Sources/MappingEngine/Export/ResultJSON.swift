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
        members.append(.init("code", .string(error.code.rawValue)))
        members.append(.init("message", .string(error.message)))
        if let input = error.input { members.append(.init("input", inputValue(input))) }
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

    /// `{"result": …, "coercions": […], "unknownKeys": […]}` for `explain`.
    public static func explained(output: UnsafeBufferPointer<UInt8>, coercions: [Coercion], unknownKeys: [UnknownKey]) -> [UInt8] {
        var writer = JSONWriter(capacity: output.count + 256)
        defer { writer.deallocate() }
        writer.ascii("{\"result\":")
        writer.bytes(output)
        writer.ascii(",\"coercions\":")
        JSONValue.array(coercions.map { coercion in
            .object([.init("path", .string(coercion.path)), .init("rule", .string(coercion.rule)),
                     .init("input", inputValue(coercion.input))])
        }).write(to: &writer)
        writer.ascii(",\"unknownKeys\":")
        JSONValue.array(unknownKeys.map { key in
            .object([.init("path", .string(key.path)), .init("input", inputValue(key.input))])
        }).write(to: &writer)
        writer.byte(UInt8(ascii: "}"))
        return writer.makeArray()
    }

    /// The offending value as JSON when it was kept whole, else its cut text as a string.
    private static func inputValue(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .string(text)
    }
}
