/// CEL's strings extension (cel-go's `ext.Strings`, version 4: strings.md and its conformance
/// file `string_ext.json`). Strings are sequences of code points: every index is a code point's.
enum CELStringsExtension {
    static let all: [CELFunction] = [
        CELFunction("charAt", .receiver, arity: 2,
                    overloads: [.init("string_char_at_int", [.string, .int], .string)],
                    body: .binary(charAt)),
        CELFunction("indexOf", .receiver, arity: 2,
                    overloads: [.init("string_index_of_string", [.string, .string], .int)],
                    body: .binary(indexOf)),
        CELFunction("indexOf", .receiver, arity: 3,
                    overloads: [.init("string_index_of_string_int", [.string, .string, .int], .int)],
                    body: .ternary(indexOf)),
        CELFunction("lastIndexOf", .receiver, arity: 2,
                    overloads: [.init("string_last_index_of_string", [.string, .string], .int)],
                    body: .binary(lastIndexOf)),
        CELFunction("lastIndexOf", .receiver, arity: 3,
                    overloads: [.init("string_last_index_of_string_int", [.string, .string, .int], .int)],
                    body: .ternary(lastIndexOf)),
        CELFunction("substring", .receiver, arity: 2,
                    overloads: [.init("string_substring_int", [.string, .int], .string)],
                    body: .binary(substring)),
        CELFunction("substring", .receiver, arity: 3,
                    overloads: [.init("string_substring_int_int", [.string, .int, .int], .string)],
                    body: .ternary(substring)),
        CELFunction("lowerAscii", .receiver, arity: 1,
                    overloads: [.init("string_lower_ascii", [.string], .string)],
                    body: .unary(lowerAscii)),
        CELFunction("upperAscii", .receiver, arity: 1,
                    overloads: [.init("string_upper_ascii", [.string], .string)],
                    body: .unary(upperAscii)),
        CELFunction("trim", .receiver, arity: 1,
                    overloads: [.init("string_trim", [.string], .string)],
                    body: .unary(trim)),
        CELFunction("reverse", .receiver, arity: 1,
                    overloads: [.init("string_reverse", [.string], .string)],
                    body: .unary(reverse)),
        CELFunction("replace", .receiver, arity: 3,
                    overloads: [.init("string_replace_string_string", [.string, .string, .string], .string)],
                    body: .ternary(replace)),
        CELFunction("replace", .receiver, arity: 4,
                    overloads: [.init("string_replace_string_string_int", [.string, .string, .string, .int], .string)],
                    body: .variadic(replace)),
        CELFunction("split", .receiver, arity: 2,
                    overloads: [.init("string_split_string", [.string, .string], .list(.string))],
                    body: .binary(split)),
        CELFunction("split", .receiver, arity: 3,
                    overloads: [.init("string_split_string_int", [.string, .string, .int], .list(.string))],
                    body: .ternary(split)),
        CELFunction("join", .receiver, arity: 1,
                    overloads: [.init("list_join", [.list(.string)], .string)],
                    body: .unary(join)),
        CELFunction("join", .receiver, arity: 2,
                    overloads: [.init("list_join_string", [.list(.string), .string], .string)],
                    body: .binary(join)),
        CELFunction("format", .receiver, arity: 2,
                    overloads: [.init("string_format", [.string, .list(.dyn)], .string)],
                    body: .binary(format)),
        CELFunction("strings.quote", .global, arity: 1,
                    overloads: [.init("strings_quote", [.string], .string)],
                    body: .unary(quote)),
    ]

    /// `template.format(arguments)`: see `CELStringFormat`.
    static func format(_ template: CELValue, _ arguments: CELValue) throws(CELError) -> CELValue {
        guard case .string(let template) = template, case .list(let arguments) = arguments else {
            throw noSuchOverload("format")
        }
        return .string(try CELStringFormat.format(template, arguments))
    }

    /// The error of a call whose arguments no overload takes.
    static func noSuchOverload(_ function: String) -> CELError {
        CELError(.noSuchOverload, "no such overload: \(function)")
    }

    /// The error of a code point index outside the string.
    static func outOfRange(_ index: Int64) -> CELError {
        CELError(.indexOutOfRange, "index out of range: \(index)")
    }

    /// Runs `body` over the string's UTF-8 bytes (contiguous for native strings: no copy).
    @inline(__always)
    static func withBytes<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var string = string
        return string.withUTF8(body)
    }

    /// `text[start..<end]` in UTF-8 byte offsets that fall on code point boundaries.
    @inline(__always)
    static func slice(_ text: String, _ start: Int, _ end: Int) -> Substring {
        let bytes = text.utf8
        return text[bytes.index(bytes.startIndex, offsetBy: start)..<bytes.index(bytes.startIndex, offsetBy: end)]
    }
}
