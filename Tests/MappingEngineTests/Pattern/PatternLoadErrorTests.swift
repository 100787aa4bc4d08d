import Testing
@testable import MappingEngine

/// Patterns refused at load: constructs that need backtracking, syntax outside the subset, and
/// programs past the caps, each with the column (in Unicode scalars) of what is refused.
@Suite struct PatternLoadErrorTests {
    static let refusals: [(pattern: String, column: Int, says: String)] = [
        (#"(a)\1"#, 4, "backreferences"), (#"(?<n>a)\k<n>"#, 8, "backreferences"), (#"[\1]"#, 2, "backreferences"),
        ("(?=a)", 1, "lookahead"), ("a(?!b)", 2, "lookahead"), ("(?<=a)b", 1, "lookbehind"), ("x(?<!a)b", 2, "lookbehind"),
        ("(?>a+)", 1, "atomic"), ("a*+", 3, "possessive"), ("a++", 3, "possessive"), ("a?+", 3, "possessive"),
        ("a{2}+", 5, "possessive"), ("(?i)abc", 1, "inline flags"), ("(?i:a)", 1, "inline flags"), ("(?-i:a)", 1, "inline flags"),
        ("(?P<n>a)", 1, "(?<name>…)"), ("(?#note)a", 1, "comments"), ("(?|a)", 1, "starts no supported group"),
        (#"\p{L}"#, 1, "Unicode property"), (#"a\P{Lu}"#, 2, "Unicode property"), (#"a\z"#, 2, "use ^ and $"),
        (#"\Aa"#, 1, "use ^ and $"), (#"\q"#, 1, "unknown escape"), (#"\é"#, 1, "unknown escape"), (#"\01"#, 1, "octal"),
        (#"[\B]"#, 2, "inside a class"), ("a\\", 2, "lone"), (#"\x4"#, 1, "two hex digits"), (#"\u12"#, 1, "four hex digits"),
        (#"\u{110000}"#, 1, "10FFFF"), (#"\u{}"#, 1, "10FFFF"), (#"\uD800"#, 1, "surrogate"), (#"x\uDE00"#, 2, "surrogate"),
        (#"\c1"#, 1, "takes a letter"), ("*a", 1, "nothing to repeat"), ("a|?", 3, "nothing to repeat"),
        ("{2}", 1, "nothing to repeat"), ("a**", 3, "cannot follow another"), ("a*??", 4, "cannot follow another"),
        ("a{2}{3}", 5, "cannot follow another"), ("^*", 2, "cannot be repeated"), (#"\b+"#, 3, "cannot be repeated"),
        ("a{,3}", 2, "does not start a quantifier"), ("a{x}", 2, "does not start a quantifier"), ("{", 1, "does not start a quantifier"),
        ("(ab", 1, "never closed"), ("a(b(c)", 2, "never closed"), ("ab)", 3, "closes no group"), ("[ab", 1, "never closed"),
        ("[z-a]", 2, "out of order"), (#"[\d-z]"#, 2, "cannot bound a range"), (#"[a-\w]"#, 2, "cannot bound a range"),
        ("[[:alpha:]]", 2, "POSIX"), ("(?<1a>x)", 1, "group name"), ("(?<n", 1, "group name"),
        ("é(?=x)", 2, "lookahead"), (#"😀\1"#, 2, "backreferences"),
    ]

    @Test(arguments: refusals)
    func refusedWithItsColumn(pattern: String, column: Int, says: String) {
        expectRefusal(pattern, column: column, says: says)
    }

    static let caps: [(pattern: String, column: Int, says: String)] = [
        ("a{1001}", 2, "cap of 1000"), ("a{1,1001}", 2, "cap of 1000"), ("a{99999999999999999999}", 2, "cap of 1000"),
        ("a{5,3}", 2, "minimum above"), ("(a{1000}){1000}", 10, "past the cap of 10000"), ("(?:(?:a{100}){10}){10}", 19, "past the cap"),
        (String(repeating: "a{999}", count: 11), 1, "above the cap of 10000"),
        (String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101), 101, "nest deeper than 100"),
    ]

    @Test(arguments: caps)
    func sizeCapsAreRefusedWhereTheyArePassed(pattern: String, column: Int, says: String) {
        expectRefusal(pattern, column: column, says: says)
    }

    private func expectRefusal(_ pattern: String, column: Int, says: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(PatternError) {
            _ = try Pattern(pattern)
            Issue.record("\(pattern.prefix(40)) compiled", sourceLocation: sourceLocation)
        } catch {
            #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
            #expect(error.reason.contains(says), "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Just inside the caps still compiles, and runs.
    @Test(arguments: ["a{1000}", "(a{99}){99}", "(?:a|b){1000}", String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)])
    func justInsideTheCapsCompiles(pattern: String) throws {
        let compiled = try Pattern(pattern)
        #expect(compiled.stateCount <= Pattern.maxStates)
        #expect(!compiled.matches(String(repeating: "c", count: 2000)))
    }

    /// The schema's load error names the pattern, the column and the reason; lint and PUT show it.
    @Test func theSchemaErrorNamesPatternColumnAndReason() {
        let found = SchemaErrorTests.errors([(file: "m.yaml", text: "M:\n  properties:\n    a: { type: string, pattern: '(a)\\1' }\n")])
        let message = found.first { $0.property == "a" }?.message ?? ""
        #expect(message.contains(#"pattern '(a)\1' is refused at column 4: backreferences"#), "\(found)")
    }
}
