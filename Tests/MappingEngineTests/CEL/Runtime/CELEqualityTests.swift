import CEL
import Testing

/// CEL's `==` and `< <= > >=` (langdef "Equality", "Ordering"): heterogeneous equality that is
/// false across kinds but numeric across int, uint, double and decimal; element-wise lists,
/// order-free maps; NaN equal to nothing; ordering only where CEL defines it.
@Suite struct CELEqualityTests {
    @Test(arguments: [
        "1 == 1", "dyn(1) == 1u", "dyn(1) == 1.0", "dyn(1u) == 1.0", "dyn(-0.0) == 0",
        "dyn(1) != 'a'", "dyn('1') != 1", "null == null", "dyn(null) != false", "dyn([]) != null",
        "b'abc' == b'abc'", "'abc' != 'abd'", "true != false",
        "'Am\\u00E9lie' != 'Ame\\u0301lie'",
        "[1, 2.0, 3u] == [1u, 2, 3.0]", "[1, 2] != [2, 1]", "[[1]] == [[1.0]]", "dyn(['a']) != [1, 2]",
        "{'a': 1, 'b': 2} == {'b': 2, 'a': 1}", "{1: 'x'} == {1u: 'x'}", "{1: 'x'} != {1: 'y'}", "{'a': 1} != {'a': 1, 'b': 2}",
        "0.0 / 0.0 != 0.0 / 0.0", "!(0.0 / 0.0 == 0.0 / 0.0)", "[0.0 / 0.0] != [0.0 / 0.0]",
        "type(1) == int", "type(1u) != int", "type(type(1)) == type", "type([]) == list", "type({}) == map",
        "type(null) == null_type", "type(b'') == bytes", "type(timestamp(0)) == google.protobuf.Timestamp",
        "type(duration('1s')) == google.protobuf.Duration", "int != uint",
        "timestamp(1) == timestamp(1)", "duration('1h') == duration('60m')",
    ])
    func holds(expression: String) throws {
        #expect(try RuntimeCase.value(expression).map(CELTestSupport.render) == "true", "\(expression)")
    }

    @Test(arguments: [
        "1 < 2", "-1 < dyn(1u)", "dyn(1) < 1.5", "dyn(2u) > 1.5", "dyn(1.5) < 2u", "dyn(-1) < 0u",
        "dyn(9223372036854775807) < 9223372036854775808u", "dyn(18446744073709551615u) > 9223372036854775807",
        "2u >= 2u", "1.0 <= 1.0", "'a' < 'b'", "'abc' < 'abd'", "'ab' < 'abc'", "'Z' < 'a'", "'\\u00ff' < '\\U0001F600'",
        "'e\\u0301' < '\\u00e9'", "b'\\x00' < b'\\x01'", "b'' < b'\\x00'", "false < true", "!(true < true)",
        "timestamp(1) < timestamp(2)", "duration('1s') < duration('1m')", "duration('-1s') < duration('0s')",
        "!(0.0 / 0.0 < 1.0)", "!(0.0 / 0.0 >= 1.0)", "!(dyn(1) > 0.0 / 0.0)", "!(dyn(1) <= 0.0 / 0.0)",
        // cel-go converts the integer to a double to compare it with one.
        "dyn(9223372036854775807) >= 9223372036854775808.0",
    ])
    func orders(expression: String) throws {
        #expect(try RuntimeCase.value(expression).map(CELTestSupport.render) == "true", "\(expression)")
    }

    @Test(arguments: ["dyn(1) < 'a'", "null < null", "[1] < [2]", "{1: 1} < {2: 2}", "dyn(true) < 1",
                      "dyn(timestamp(1)) < duration('1s')", "type(1) < type(2)", "b'a' < 'a'"])
    func ordersNothingElse(expression: String) throws {
        #expect(try RuntimeCase.errorKind(expression) == .noSuchOverload)
    }

    @Test func valuesCompareDirectlyToo() throws {
        #expect(CELValue.celEquals(.list([.int(1), .string("a")]), .list([.double(1), .string("a")])))
        #expect(!CELValue.celEquals(.double(.nan), .double(.nan)))
        #expect(try CELValue.celCompare(.int(-1), .uint(0)) == -1)
        #expect(try CELValue.celCompare(.double(.nan), .int(0)) == nil)
        #expect(throws: CELError.self) { try CELValue.celCompare(.string("a"), .int(0)) }
    }
}
