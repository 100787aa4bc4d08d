import Testing
import TestSupport
@testable import CEL

/// What the parser refuses, with the column (1-based, in Unicode scalars) a user is sent to,
/// and the bounds that keep a hostile schema from exhausting a stack.
@Suite struct CELSyntaxErrorTests {
    static let mistakes: [(source: String, column: Int, says: String)] = [
        ("", 1, "unexpected end of the expression"),
        ("1 +", 4, "unexpected end of the expression"),
        ("(1 + 2", 7, "expected ')', found the end of the expression"),
        ("f(1, 2))", 8, "unexpected ')'"),
        ("f(1,)", 5, "unexpected ')'"),
        ("f(1 2)", 5, "expected ',' or ')' after an argument"),
        ("[1 2]", 4, "expected ',' or ']' in the list"),
        ("[,]", 2, "unexpected ','"),
        ("{1 2}", 4, "expected ':' after the map key"),
        ("{1: 2 3: 4}", 7, "expected ',' or '}' in the map"),
        ("a[1", 4, "expected ']' after the index"),
        ("a ? b", 6, "expected ':' in the conditional"),
        ("a ? b ? c : d : e", 7, "expected ':' in the conditional"),
        ("a b", 3, "unexpected 'b'"),
        ("a.", 3, "expected a field name after '.', found the end of the expression"),
        ("a.1", 2, "unexpected '.1'"),
        ("f(1 2)", 5, "found '2'"),
        ("1 'a long string literal that goes on'", 3, "unexpected ''a long string literal t…'"),
        ("a.in", 3, "expected a field name after '.', found 'in'"),
        ("a.true", 3, "found 'true'"),
        ("x = 1", 3, "compare with '=='"),
        ("a & b", 3, "'&&'"),
        ("a | b", 3, "'||'"),
        ("a # b", 3, "unexpected character '#'"),
        ("'é' + é", 7, "unexpected character 'é'"),
        ("!-x", 2, "unexpected '-'"),
        ("-!x", 2, "unexpected '!'"),
        ("`a`", 1, "a quoted name is only allowed as a field"),
        ("a.`b`()", 3, "a quoted name cannot be called"),
        ("a.`b", 3, "unterminated quoted name"),
        ("a.``", 3, "empty quoted name"),
        ("a.`b@c`", 5, "a quoted name holds only"),
        // Reserved words: not as names or global functions.
        ("var", 1, "reserved identifier 'var'"),
        ("a + while", 5, "reserved identifier 'while'"),
        ("if(a)", 1, "reserved identifier 'if'"),
        (".import", 2, "reserved identifier 'import'"),
        ("[1].all(let, true)", 9, "reserved identifier 'let'"),
        ("in", 1, "unexpected 'in'"),
        // Outside convertd's subset: messages and optional syntax.
        ("TestAllTypes{single_int64: 1}", 1, "message construction 'TestAllTypes{…}' is not supported"),
        ("x + google.protobuf.Duration{seconds: 1}", 5, "message construction 'google.protobuf.Duration{…}'"),
        ("a.f(){}", 6, "unexpected '{'"),
        ("a.?b", 2, "optional field selection '.?' is not supported"),
        ("a[?0]", 2, "optional index '[?' is not supported"),
        ("[?a]", 2, "optional entries"),
        ("{?'k': v}", 2, "optional entries"),
    ]

    @Test(arguments: mistakes)
    func refusedWithItsColumn(source: String, column: Int, says: String) {
        expectSyntaxError(source, column: column, says: says)
    }

    /// The conformance suite's deepest expression (parse.json, `nest/parens`: 32 parentheses)
    /// needs 33 levels; the default leaves room above it.
    @Test func theDefaultDepthPassesTheConformanceNestingWithRoom() throws {
        let parens = String(repeating: "(", count: 32) + "7" + String(repeating: ")", count: 32)
        var limits = CELLimits()
        #expect(limits.maxDepth >= 48)
        limits.maxDepth = 33
        #expect(try CELSyntaxText.parse(parens, limits: limits) == "7")
        limits.maxDepth = 32
        expectSyntaxError(parens, column: 33, says: "nests deeper than 32 levels", limits: limits)
    }

    @Test func aSourceLongerThanTheLimitIsRefusedWhereItOverflows() throws {
        var limits = CELLimits()
        limits.maxLength = 10
        #expect(try CELSyntaxText.parse("1234567890", limits: limits) == "1234567890")
        expectSyntaxError("12345678901", column: 11, says: "longer than 10 characters", limits: limits)
        expectSyntaxError("'ééééééééé'", column: 11, says: "longer than 10", limits: limits)
    }

    static let nestings: [(name: String, open: String, close: String)] = [
        ("parentheses", "(", ")"), ("lists", "[", "]"), ("calls", "f(", ")"), ("maps", "{1: ", "}"),
        ("indexes", "a[", "]"), ("conditionals", "a ? b : ", ""), ("negated parentheses", "-(", ")"),
    ]

    /// One level past the limit is refused, at any of the nesting forms; the limit itself parses.
    @Test(arguments: nestings)
    func nestingIsBoundedByMaxDepth(name: String, open: String, close: String) throws {
        var limits = CELLimits()
        limits.maxDepth = 20
        let nested = { (levels: Int) in
            String(repeating: open, count: levels) + "1" + String(repeating: close, count: levels)
        }
        var deepest = 0
        while (try? CELParser.parse(nested(deepest + 1), limits: limits)) != nil { deepest += 1 }
        #expect(deepest >= 18, "\(name): only \(deepest) levels")
        #expect(deepest < 20, "\(name): \(deepest) levels")
        do throws(CELCompileError) {
            _ = try CELParser.parse(nested(deepest + 1), limits: limits)
        } catch {
            #expect(error.message.contains("nests deeper than 20 levels"), "\(error)")
        }
    }

    static let chains: [(name: String, source: String)] = [
        ("additions", Array(repeating: "1", count: 70).joined(separator: " + ")),
        ("selections", "a" + String(repeating: ".b", count: 70)),
        ("method calls", "a" + String(repeating: ".f()", count: 70)),
        ("indexes", "a" + String(repeating: "[0]", count: 70)),
        ("relations", Array(repeating: "a", count: 70).joined(separator: " < ")),
    ]

    /// A chain the parser reads in a loop is as deep for the stages that walk the tree: its
    /// height is bounded too.
    @Test(arguments: chains)
    func longChainsAreBoundedByTheirHeight(name: String, source: String) {
        expectSyntaxError(source, column: nil, says: "nests deeper than 64 levels")
    }

    /// `&&` and `||` runs are balanced, unary runs fold: a long run stays shallow.
    @Test func longLogicalAndUnaryRunsStayShallow() throws {
        let run = Array(repeating: "a", count: 800).joined(separator: " || ")
        _ = try CELParser.parse(run, limits: CELLimits())
        _ = try CELParser.parse(String(repeating: "!", count: 3000) + "a", limits: CELLimits())
    }

    /// At the default limits, the deepest source the parser accepts, and the longest hostile
    /// ones it refuses, fit the smallest stack convertd runs schema loads on.
    @Test func theWorstCasesFitASmallStack() throws {
        let depth = CELLimits().maxDepth - 1
        let sources = [
            String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth),
            String(repeating: "f(", count: depth) + "1" + String(repeating: ")", count: depth),
            String(repeating: "a ? b : ", count: depth - 1) + "c",
            String(repeating: "[", count: 4_000),
            String(repeating: "-(", count: 2_000),
            String(repeating: "{1: ", count: 1_000),
        ]
        let parsed = try SmallStack.run { () -> Int in
            sources.filter { (try? CELParser.parse($0, limits: CELLimits())) != nil }.count
        }
        #expect(parsed == 3)
    }
}
