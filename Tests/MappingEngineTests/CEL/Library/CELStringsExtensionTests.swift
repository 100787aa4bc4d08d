import CEL
import Testing

/// The strings extension's functions, called directly: indices are code points, errors are
/// cel-go's (`index_out_of_range`, `invalid_argument`, `no_such_overload`).
@Suite struct CELStringsExtensionTests {
    static let indexing: [LibraryCase] = [
        .method("'tacocat'.charAt(3)", "charAt", .string("tacocat"), .int(3), is: "'o'"),
        .method("'tacocat'.charAt(7)", "charAt", .string("tacocat"), .int(7), is: "''"),
        .method("'©αT'.charAt(1)", "charAt", .string("©αT"), .int(1), is: "'α'"),
        .method("'😀x'.charAt(1)", "charAt", .string("😀x"), .int(1), is: "'x'"),
        .method("'e\\u0301'.charAt(1)", "charAt", .string("e\u{301}"), .int(1), is: "'\u{301}'"),
        .method("'tacocat'.indexOf('')", "indexOf", .string("tacocat"), .string(""), is: "0"),
        .method("'tacocat'.indexOf('ac')", "indexOf", .string("tacocat"), .string("ac"), is: "1"),
        .method("'tacocat'.indexOf('none')", "indexOf", .string("tacocat"), .string("none"), is: "-1"),
        .method("'tacocat'.indexOf('', 3)", "indexOf", .string("tacocat"), .string(""), .int(3), is: "3"),
        .method("'tacocat'.indexOf('a', 3)", "indexOf", .string("tacocat"), .string("a"), .int(3), is: "5"),
        .method("'tacocat'.indexOf('a', 7)", "indexOf", .string("tacocat"), .string("a"), .int(7), is: "-1"),
        .method("'ta©o©αT'.indexOf('©')", "indexOf", .string("ta©o©αT"), .string("©"), is: "2"),
        .method("'ta©o©αT'.indexOf('©αT', 3)", "indexOf", .string("ta©o©αT"), .string("©αT"), .int(3), is: "4"),
        .method("'ta©o©αT'.indexOf('©α', 5)", "indexOf", .string("ta©o©αT"), .string("©α"), .int(5), is: "-1"),
        .method("'hello wello'.indexOf('hello wello')", "indexOf", .string("hello wello"), .string("hello wello"), is: "0"),
        .method("'ab'.indexOf('abc')", "indexOf", .string("ab"), .string("abc"), is: "-1"),
        .method("''.lastIndexOf('@@')", "lastIndexOf", .string(""), .string("@@"), is: "-1"),
        .method("'tacocat'.lastIndexOf('')", "lastIndexOf", .string("tacocat"), .string(""), is: "7"),
        .method("'tacocat'.lastIndexOf('at')", "lastIndexOf", .string("tacocat"), .string("at"), is: "5"),
        .method("'tacocat'.lastIndexOf('', 3)", "lastIndexOf", .string("tacocat"), .string(""), .int(3), is: "3"),
        .method("'tacocat'.lastIndexOf('a', 3)", "lastIndexOf", .string("tacocat"), .string("a"), .int(3), is: "1"),
        .method("'ta©o©αT'.lastIndexOf('©')", "lastIndexOf", .string("ta©o©αT"), .string("©"), is: "4"),
        .method("'ta©o©αT'.lastIndexOf('©', 3)", "lastIndexOf", .string("ta©o©αT"), .string("©"), .int(3), is: "2"),
        .method("'ta©o©αT'.lastIndexOf('©α', 4)", "lastIndexOf", .string("ta©o©αT"), .string("©α"), .int(4), is: "4"),
        .method("'hello wello'.lastIndexOf('ello', 6)", "lastIndexOf", .string("hello wello"), .string("ello"), .int(6), is: "1"),
        .method("'bananananana'.lastIndexOf('nana', 7)", "lastIndexOf", .string("bananananana"), .string("nana"), .int(7), is: "6"),
        .method("'tacocat'.substring(4)", "substring", .string("tacocat"), .int(4), is: "'cat'"),
        .method("'tacocat'.substring(0)", "substring", .string("tacocat"), .int(0), is: "'tacocat'"),
        .method("'tacocat'.substring(7)", "substring", .string("tacocat"), .int(7), is: "''"),
        .method("'tacocat'.substring(0, 4)", "substring", .string("tacocat"), .int(0), .int(4), is: "'taco'"),
        .method("'tacocat'.substring(4, 4)", "substring", .string("tacocat"), .int(4), .int(4), is: "''"),
        .method("'ta©o©αT'.substring(2, 6)", "substring", .string("ta©o©αT"), .int(2), .int(6), is: "'©o©α'"),
        .method("'ta©o©αT'.substring(7, 7)", "substring", .string("ta©o©αT"), .int(7), .int(7), is: "''"),
    ]

    static let indexingErrors: [LibraryCase] = [
        .method("'tacocat'.charAt(30)", "charAt", .string("tacocat"), .int(30), is: "error(index_out_of_range)"),
        .method("'tacocat'.charAt(-1)", "charAt", .string("tacocat"), .int(-1), is: "error(index_out_of_range)"),
        .method("'tacocat'.indexOf('a', 30)", "indexOf", .string("tacocat"), .string("a"), .int(30), is: "error(index_out_of_range)"),
        .method("'tacocat'.indexOf('a', -1)", "indexOf", .string("tacocat"), .string("a"), .int(-1), is: "error(index_out_of_range)"),
        .method("'tacocat'.indexOf('', 8)", "indexOf", .string("tacocat"), .string(""), .int(8), is: "error(index_out_of_range)"),
        .method("'tacocat'.lastIndexOf('a', -1)", "lastIndexOf", .string("tacocat"), .string("a"), .int(-1), is: "error(index_out_of_range)"),
        .method("'tacocat'.lastIndexOf('a', 30)", "lastIndexOf", .string("tacocat"), .string("a"), .int(30), is: "error(index_out_of_range)"),
        .method("'tacocat'.substring(40)", "substring", .string("tacocat"), .int(40), is: "error(index_out_of_range)"),
        .method("'tacocat'.substring(-1)", "substring", .string("tacocat"), .int(-1), is: "error(index_out_of_range)"),
        .method("'tacocat'.substring(1, 50)", "substring", .string("tacocat"), .int(1), .int(50), is: "error(index_out_of_range)"),
        .method("'tacocat'.substring(49, 50)", "substring", .string("tacocat"), .int(49), .int(50), is: "error(index_out_of_range)"),
        .method("'tacocat'.substring(-1, 2)", "substring", .string("tacocat"), .int(-1), .int(2), is: "error(index_out_of_range)"),
        .method("'tacocat'.substring(4, 3)", "substring", .string("tacocat"), .int(4), .int(3), is: "error(invalid_argument)"),
        .method("42.charAt(2)", "charAt", .int(42), .int(2), is: "error(no_such_overload)"),
        .method("'hello'.charAt(true)", "charAt", .string("hello"), .bool(true), is: "error(no_such_overload)"),
        .method("'hello'.indexOf(true)", "indexOf", .string("hello"), .bool(true), is: "error(no_such_overload)"),
        .method("'42'.indexOf('4', '0')", "indexOf", .string("42"), .string("4"), .string("0"), is: "error(no_such_overload)"),
        .method("24.lastIndexOf('2')", "lastIndexOf", .int(24), .string("2"), is: "error(no_such_overload)"),
        .method("'tacocat'.substring(true, 3)", "substring", .string("tacocat"), .bool(true), .int(3), is: "error(no_such_overload)"),
        .method("'tacocat'.substring(0, false)", "substring", .string("tacocat"), .int(0), .bool(false), is: "error(no_such_overload)"),
    ]

    static let editing: [LibraryCase] = [
        .method("'TacoCÆt Xii'.lowerAscii()", "lowerAscii", .string("TacoCÆt Xii"), is: "'tacocÆt xii'"),
        .method("'tacoCαt'.upperAscii()", "upperAscii", .string("tacoCαt"), is: "'TACOCαT'"),
        .method("'@[`{'.upperAscii()", "upperAscii", .string("@[`{"), is: "'@[`{'"),
        .method("'@[`{'.lowerAscii()", "lowerAscii", .string("@[`{"), is: "'@[`{'"),
        .method("' \\f\\n\\r\\t\\vtext  '.trim()", "trim", .string(" \u{0C}\n\r\t\u{0B}text  "), is: "'text'"),
        .method("'\\u0085\\u00a0\\u1680text'.trim()", "trim", .string("\u{85}\u{A0}\u{1680}text"), is: "'text'"),
        .method("'text\\u2000…\\u200a'.trim()", "trim", .string("text\u{2000}\u{2001}\u{2004}\u{2009}\u{200A}"), is: "'text'"),
        .method("'\\u2028text\\u2029\\u202f\\u205f\\u3000'.trim()", "trim", .string("\u{2028}text\u{2029}\u{202F}\u{205F}\u{3000}"), is: "'text'"),
        .method("'\\u180etext\\u200b\\u200c\\u200d\\u2060\\ufeff'.trim()", "trim",
                .string("\u{180E}text\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}"), is: "'\u{180E}text\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}'"),
        .method("'  '.trim()", "trim", .string("  "), is: "''"),
        .method("' a b '.trim()", "trim", .string(" a b "), is: "'a b'"),
        .method("''.reverse()", "reverse", .string(""), is: "''"),
        .method("'☺'.reverse()", "reverse", .string("☺"), is: "'☺'"),
        .method("'Ta©oCαt'.reverse()", "reverse", .string("Ta©oCαt"), is: "'tαCo©aT'"),
        .method("'a😀b'.reverse()", "reverse", .string("a😀b"), is: "'b😀a'"),
        .method("'{0} days {0} hours'.replace('{0}', '2')", "replace", .string("{0} days {0} hours"), .string("{0}"), .string("2"),
                is: "'2 days 2 hours'"),
        .method("'{0} days {0} hours'.replace('{0}', '2', 1)", "replace", .string("{0} days {0} hours"), .string("{0}"), .string("2"),
                .int(1), is: "'2 days {0} hours'"),
        .method("'hello hello'.replace('he', 'we', 0)", "replace", .string("hello hello"), .string("he"), .string("we"), .int(0),
                is: "'hello hello'"),
        .method("'hello hello'.replace('he', 'we', -1)", "replace", .string("hello hello"), .string("he"), .string("we"), .int(-1),
                is: "'wello wello'"),
        .method("'1 ©αT taco'.replace('αT', 'o©α')", "replace", .string("1 ©αT taco"), .string("αT"), .string("o©α"), is: "'1 ©o©α taco'"),
        .method("'aaa'.replace('aa', 'b')", "replace", .string("aaa"), .string("aa"), .string("b"), is: "'ba'"),
        .method("'a©'.replace('', '-')", "replace", .string("a©"), .string(""), .string("-"), is: "'-a-©-'"),
        .method("'abc'.replace('', '-', 2)", "replace", .string("abc"), .string(""), .string("-"), .int(2), is: "'-a-bc'"),
        .method("''.replace('', 'x')", "replace", .string(""), .string(""), .string("x"), is: "'x'"),
        .method("'hello world'.split(' ')", "split", .string("hello world"), .string(" "), is: "['hello', 'world']"),
        .method("'hello world events!'.split(' ', 0)", "split", .string("hello world events!"), .string(" "), .int(0), is: "[]"),
        .method("'hello world events!'.split(' ', 1)", "split", .string("hello world events!"), .string(" "), .int(1),
                is: "['hello world events!']"),
        .method("'hello world events!'.split(' ', 2)", "split", .string("hello world events!"), .string(" "), .int(2),
                is: "['hello', 'world events!']"),
        .method("'o©o©o©o'.split('©', -1)", "split", .string("o©o©o©o"), .string("©"), .int(-1), is: "['o', 'o', 'o', 'o']"),
        .method("',a,'.split(',')", "split", .string(",a,"), .string(","), is: "['', 'a', '']"),
        .method("''.split(',')", "split", .string(""), .string(","), is: "['']"),
        .method("'a©c'.split('')", "split", .string("a©c"), .string(""), is: "['a', '©', 'c']"),
        .method("'a©c'.split('', 2)", "split", .string("a©c"), .string(""), .int(2), is: "['a', '©c']"),
        .method("''.split('')", "split", .string(""), .string(""), is: "[]"),
        .method("['x', 'y'].join()", "join", .list([.string("x"), .string("y")]), is: "'xy'"),
        .method("['x', 'y'].join('-')", "join", .list([.string("x"), .string("y")]), .string("-"), is: "'x-y'"),
        .method("[].join()", "join", .list([]), is: "''"),
        .method("[].join('-')", "join", .list([]), .string("-"), is: "''"),
        .method("['a'].join(', ')", "join", .list([.string("a")]), .string(", "), is: "'a'"),
        .global("strings.quote(\"first\\nsecond\")", "strings.quote", .string("first\nsecond"), is: "'\"first\\nsecond\"'"),
        .global("strings.quote(\"bell\\a\")", "strings.quote", .string("bell\u{07}"), is: "'\"bell\\a\"'"),
        .global("strings.quote(\"\\b\\f\\r\\t\\v\")", "strings.quote", .string("\u{08}\u{0C}\r\t\u{0B}"), is: "'\"\\b\\f\\r\\t\\v\"'"),
        .global("strings.quote(\"a \\\\ \\\" b\")", "strings.quote", .string("a \\ \" b"), is: "'\"a \\\\ \\\" b\"'"),
        .global("strings.quote('single')", "strings.quote", .string("it's 😀"), is: "'\"it's 😀\"'"),
        .global("strings.quote('')", "strings.quote", .string(""), is: "'\"\"'"),
    ]

    static let editingErrors: [LibraryCase] = [
        .method("42.lowerAscii()", "lowerAscii", .int(42), is: "error(no_such_overload)"),
        .method("b'a'.upperAscii()", "upperAscii", .bytes([97]), is: "error(no_such_overload)"),
        .method("1.trim()", "trim", .int(1), is: "error(no_such_overload)"),
        .method("1.reverse()", "reverse", .int(1), is: "error(no_such_overload)"),
        .method("42.replace(2, 1)", "replace", .int(42), .int(2), .int(1), is: "error(no_such_overload)"),
        .method("'42'.replace('2', 1)", "replace", .string("42"), .string("2"), .int(1), is: "error(no_such_overload)"),
        .method("'42'.replace('2', '1', '1')", "replace", .string("42"), .string("2"), .string("1"), .string("1"),
                is: "error(no_such_overload)"),
        .method("42.split('2')", "split", .int(42), .string("2"), is: "error(no_such_overload)"),
        .method("'42'.split(2)", "split", .string("42"), .int(2), is: "error(no_such_overload)"),
        .method("'42'.split('2', '1')", "split", .string("42"), .string("2"), .string("1"), is: "error(no_such_overload)"),
        .method("['x', 1].join()", "join", .list([.string("x"), .int(1)]), is: "error(no_such_overload)"),
        .method("'x'.join()", "join", .string("x"), is: "error(no_such_overload)"),
        .method("['x'].join(1)", "join", .list([.string("x")]), .int(1), is: "error(no_such_overload)"),
        .global("strings.quote(1)", "strings.quote", .int(1), is: "error(no_such_overload)"),
    ]

    @Test(arguments: indexing + indexingErrors)
    func indexingFunctions(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    @Test(arguments: editing + editingErrors)
    func editingFunctions(_ call: LibraryCase) {
        #expect(call.outcome() == call.expected)
    }

    /// Calls no overload takes: wrong arities are not registered, so the checker refuses them.
    @Test(arguments: [("indexOf", 4), ("replace", 2), ("replace", 5), ("split", 4), ("substring", 4), ("charAt", 1),
                      ("join", 3), ("format", 1), ("trim", 2)])
    func unsupportedAritiesAreNotDeclared(name: String, arity: Int) {
        #expect(CELLibrary.standard.function(name, .receiver, arity: arity) == nil)
    }

    /// The checker's view: cel-spec's overload ids with their typed signatures.
    @Test func overloadsCarryCelSpecIdsAndTypes() throws {
        let expected: [(String, CELFunction.Style, Int, String, [CELType], CELType)] = [
            ("charAt", .receiver, 2, "string_char_at_int", [.string, .int], .string),
            ("indexOf", .receiver, 3, "string_index_of_string_int", [.string, .string, .int], .int),
            ("lastIndexOf", .receiver, 2, "string_last_index_of_string", [.string, .string], .int),
            ("replace", .receiver, 4, "string_replace_string_string_int", [.string, .string, .string, .int], .string),
            ("split", .receiver, 2, "string_split_string", [.string, .string], .list(.string)),
            ("substring", .receiver, 3, "string_substring_int_int", [.string, .int, .int], .string),
            ("join", .receiver, 1, "list_join", [.list(.string)], .string),
            ("format", .receiver, 2, "string_format", [.string, .list(.dyn)], .string),
            ("strings.quote", .global, 1, "strings_quote", [.string], .string),
            ("reverse", .receiver, 1, "string_reverse", [.string], .string),
        ]
        for (name, style, arity, id, parameters, result) in expected {
            let function = try #require(CELLibrary.standard.function(name, style, arity: arity), "\(name)/\(arity)")
            #expect(function.overloads.map(\.id) == [id])
            #expect(function.overloads.first?.parameters == parameters)
            #expect(function.overloads.first?.result == result)
        }
    }
}
