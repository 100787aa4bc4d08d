@testable import CEL
import Testing

/// `CELMap`: keys of four kinds, numerically equal int, uint and double keys one key, code
/// points (not canonical equivalence) telling strings apart, insertion order, duplicates refused.
@Suite struct CELMapTests {
    @Test(arguments: [
        ("{1: 'a'}[1u]", "'a'"), ("{1: 'a'}[1.0]", "'a'"), ("{1u: 'a'}[1]", "'a'"), ("{1u: 'a'}[dyn(1.0)]", "'a'"),
        ("{18446744073709551615u: 'a'}[18446744073709551615u]", "'a'"), ("{true: 1, 1: 2, 'a': 3}[true]", "1"),
        ("{-1: 'a'}[-1.0]", "'a'"), ("{'a': 1}.a", "1"), ("has({'a': 1}.a)", "true"), ("has({'a': 1}.b)", "false"),
        ("1.0 in {1: 'a'}", "true"), ("1.5 in {1: 'a'}", "false"), ("b'a' in {'a': 1}", "false"), ("'a' in {1: 2}", "false"),
        ("{'b': 1, 'a': 2, 'c': 3}.map(k, k)", "['b', 'a', 'c']"), ("size({1: 1, 2: 2})", "2"),
        ("{'\\u00e9': 1, 'e\\u0301': 2}['e\\u0301']", "2"),
    ])
    func findsKeys(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        ("{1: 'a'}[2]", CELError.Kind.noSuchKey), ("{1: 'a'}[1.5]", .noSuchKey), ("{'a': 1}.b", .noSuchKey),
        ("{1: 1, 1u: 2}", .invalidArgument), ("{1: 1, 1: 2}", .invalidArgument), ("{'a': 1, 'a': 2}", .invalidArgument),
        ("{1.5: 1}", .invalidArgument), ("{null: 1}", .invalidArgument), ("{[1]: 1}", .invalidArgument),
        ("{'a': 1}['a'].b", .noSuchOverload), ("1.b", .noSuchOverload), ("has(dyn(1).b)", .noSuchOverload),
    ])
    func refuses(expression: String, kind: CELError.Kind) throws {
        #expect(try RuntimeCase.errorKind(expression) == kind)
    }

    @Test func keepsOrderAndFindsEveryKeyOfALargeMap() throws {
        var map = CELMap()
        for index in 0..<100 { try map.insert(.int(Int64(99 - index)), .string("v\(99 - index)")) }
        #expect(map.count == 100)
        #expect(map.entries.first.map { CELTestSupport.render($0.key) } == "99")
        for index in 0..<100 {
            #expect(map[.uint(UInt64(index))].map(CELTestSupport.render) == "'v\(index)'")
            #expect(map[.double(Double(index))] != nil)
        }
        #expect(map[.int(100)] == nil)
        #expect(throws: CELError.self) { try map.insert(.uint(5), .null) }
    }

    @Test func aHostMapKeepsTheLastValueOfARepeatedKeyAndDropsOtherKeys() {
        let map = CELMap(entries: [(.string("a"), .int(1)), (.double(1), .int(2)), (.string("a"), .int(3))])
        #expect(map.count == 1)
        #expect(map[field: "a"].map(CELTestSupport.render) == "3")
    }
}
