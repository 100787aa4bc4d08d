import CEL
import Testing

/// The standard library: its declarations (every operator too, for the checker) and the
/// bodies that are not operators: `size`, string tests, conversions with cel-go's rules.
@Suite struct CELStandardFunctionsTests {
    @Test(arguments: [
        ("_+_", 2), ("_-_", 2), ("_*_", 2), ("_/_", 2), ("_%_", 2), ("-_", 1), ("!_", 1), ("_==_", 2), ("_!=_", 2),
        ("_<_", 2), ("_<=_", 2), ("_>_", 2), ("_>=_", 2), ("_&&_", 2), ("_||_", 2), ("_?_:_", 3), ("_[_]", 2), ("@in", 2),
        ("@not_strictly_false", 1), ("cel.@mapInsert", 3), ("size", 1), ("matches", 2), ("int", 1), ("uint", 1), ("double", 1),
        ("string", 1), ("bytes", 1), ("bool", 1), ("timestamp", 1), ("duration", 1), ("dyn", 1), ("type", 1), ("decimal", 1),
    ])
    func declaresEveryOperatorAndGlobal(name: String, arity: Int) throws {
        let function = try #require(CELLibrary.standard.function(name, .global, arity: arity))
        #expect(!function.overloads.isEmpty)
        #expect(function.overloads.allSatisfy { $0.parameters.count == arity })
    }

    @Test func overloadIdsAreCELSpecs() throws {
        let ids = Set(CELLibrary.standard.functions.values.flatMap { $0.overloads.map(\.id) })
        for id in ["add_int64", "less_int64_double", "size_string", "string_size", "contains_string", "timestamp_to_year_with_tz",
                   "duration_to_milliseconds", "string_to_timestamp", "index_map", "in_list", "conditional", "logical_and", "matches_string"] {
            #expect(ids.contains(id), "\(id)")
        }
    }

    @Test(arguments: [
        ("size('héllo😀')", "6"), ("'héllo'.size()", "5"), ("size(b'\\xff\\x00')", "2"), ("size([1, [2, 3]])", "2"), ("size({})", "0"),
        ("'Straße'.contains('aß')", "true"), ("'e\\u0301'.contains('e')", "true"), ("'\\u00e9'.contains('e')", "false"),
        ("'abc'.contains('')", "true"), ("''.contains('a')", "false"), ("'😀a'.startsWith('😀')", "true"), ("'ab'.startsWith('abc')", "false"),
        ("'e\\u0301'.endsWith('\\u0301')", "true"), ("'abc'.endsWith('')", "true"), ("size(1)", "error(no_such_overload)"),
    ])
    func measuresAndSearchesByCodePoint(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        ("string(123.456)", "'123.456'"), ("string(-4.5e-3)", "'-0.0045'"), ("string(1e6)", "'1e+06'"), ("string(123456.0)", "'123456'"),
        ("string(1234567.0)", "'1.234567e+06'"), ("string(1e-5)", "'1e-05'"), ("string(0.0001)", "'0.0001'"), ("string(1e100)", "'1e+100'"),
        ("string(-0.0)", "'-0'"), ("string(1.0 / 0.0)", "'+Inf'"), ("string(0.0 / 0.0)", "'NaN'"), ("string(2.0)", "'2'"),
        ("string(18446744073709551615u)", "'18446744073709551615'"), ("string(true)", "'true'"), ("string(b'\\xc3\\xbf')", "'ÿ'"),
        ("string(b'\\xff')", "error(invalid_argument)"), ("string(int)", "'int'"),
        ("int('-42')", "-42"), ("int('+42')", "42"), ("int(' 42')", "error(invalid_argument)"), ("int('0x10')", "error(invalid_argument)"),
        ("int(-7.9)", "-7"), ("int(9.2e18)", "9200000000000000000"), ("int(9223372036854775807.0)", "error(overflow)"),
        ("int(0.0 / 0.0)", "error(overflow)"), ("int(18446744073709551615u)", "error(overflow)"), ("uint(-0.5)", "error(overflow)"),
        ("uint(18446744073709550000.0)", "18446744073709549568u"), ("uint(-1)", "error(overflow)"), ("uint('+1')", "error(invalid_argument)"),
        ("double('1e3')", "1000.0"), ("double('inf')", "inf"), ("double('x')", "error(invalid_argument)"), ("double(9007199254740993)", "9007199254740992.0"),
        ("bool('True')", "true"), ("bool('yes')", "error(invalid_argument)"), ("bytes('ÿ')", "b[195, 191]"),
        ("timestamp(timestamp(0)) == timestamp(0)", "true"), ("duration(duration('1s')) == duration('1s')", "true"),
        ("dyn([1])", "[1]"), ("type(type)", "type(type)"),
    ])
    func convertsWithCELGoRules(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }
}
