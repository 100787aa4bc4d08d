import CEL
import Testing

/// What the planner resolves once: qualified and root-scope names, type names, comprehension
/// variables that shadow, namespaced globals, `matches` patterns compiled at load.
@Suite struct CELPlannerTests {
    @Test func theLongestDeclaredNameWins() throws {
        let variables: [(String, CELType)] = [("a.b.c", .string), ("a.b", .map(key: .string, value: .string)), ("a", .dyn)]
        let values: [CELValue] = [.string("long"), .map(CELMap(entries: [(.string("c"), .string("field"))])),
                                  .map(CELMap(entries: [(.string("b"), .map(CELMap(entries: [(.string("d"), .string("deep"))])))]))]
        #expect(try RuntimeCase.outcome("a.b.c", variables, values: values) == "'long'")
        #expect(try RuntimeCase.outcome("a.b['c']", variables, values: values) == "'field'")
        #expect(try RuntimeCase.outcome(".a.b.c", variables, values: values) == "'long'")
        #expect(try RuntimeCase.outcome("a['b'].d", variables, values: values) == "'deep'")
    }

    @Test func comprehensionVariablesShadowAndALeadingDotReachesTheRoot() throws {
        let variables: [(String, CELType)] = [("x", .int)]
        #expect(try RuntimeCase.outcome("[1, 2].map(x, x * 10)", variables, values: [.int(5)]) == "[10, 20]")
        #expect(try RuntimeCase.outcome("[1, 2].map(x, .x * 10)", variables, values: [.int(5)]) == "[50, 50]")
        #expect(try RuntimeCase.outcome("[[1], [2, 3]].map(x, x.map(x, x + 1))", variables, values: [.int(5)]) == "[[2], [3, 4]]")
        #expect(try RuntimeCase.outcome("[1, 2].exists(x, x == 2) && x == 5", variables, values: [.int(5)]) == "true")
    }

    @Test(arguments: [
        ("int", "type(int)"), ("uint", "type(uint)"), ("double", "type(double)"), ("bool", "type(bool)"), ("string", "type(string)"),
        ("bytes", "type(bytes)"), ("list", "type(list)"), ("map", "type(map)"), ("null_type", "type(null_type)"), ("type", "type(type)"),
        ("google.protobuf.Timestamp", "type(google.protobuf.Timestamp)"), ("google.protobuf.Duration", "type(google.protobuf.Duration)"),
        ("type(1) == int", "true"), ("dyn", "error(no_such_key)"), ("type(dyn(1))", "type(int)"),
    ])
    func typeNamesAreValues(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        ("[1, 2, 3].transformList(i, v, i * v)", "[0, 2, 6]"), ("{'a': 1, 'b': 2}.all(k, v, v > 0 && k != '')", "true"),
        ("{'a': 1, 'b': 2}.transformMap(k, v, v * 2)", "{'a': 2, 'b': 4}"), ("{'a': 1, 'b': 2}.transformMap(k, v, v > 1, v)", "{'b': 2}"),
        ("[1, 2, 3].transformList(i, v, i > 0, v)", "[2, 3]"), ("[3, 4].exists_one(x, x > 3)", "true"), ("[1, 2, 3].filter(x, x != 2)", "[1, 3]"),
        ("[[1, 2], [3]].map(l, l.filter(x, x > 1))", "[[2], [3]]"), ("dyn(1).all(x, true)", "error(no_such_overload)"),
    ])
    func comprehensions(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        ("'hubba'.matches('^h.b+a$')", "true"), ("matches('hubba', 'x')", "false"), ("'ab'.matches('')", "true"),
        ("'😀😀'.matches('^(a|😀){2}$')", "true"),
    ])
    func matchesAPatternCompiledAtLoad(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: ["'a'.matches(p)", "'a'.matches('[')", "matches('a', 'a' + 'b')"])
    func refusesAPatternItCannotCompileAtLoad(source: String) {
        #expect(throws: CELCompileError.self) { try CELProgram(source, in: RuntimeCase.environment([("p", .string)])) }
        do {
            _ = try CELProgram(source, in: RuntimeCase.environment([("p", .string)]))
        } catch {
            #expect(error.kind == .pattern)
        }
    }

    @Test func refusesMatchesWithoutAPatternCompiler() {
        var environment = CELEnvironment(variables: [])
        environment.check = false
        #expect(throws: CELCompileError(.pattern, column: 13, "matches is not available here")) {
            try CELProgram("'a'.matches('a')", in: environment)
        }
    }

    @Test func aNamespacedGlobalIsCalledUnlessTheNamespaceIsAVariable() throws {
        #expect(try RuntimeCase.outcome("math.greatest(1, 3, 2)") == "3")
        let math: [(String, CELType)] = [("math", .dyn)]
        #expect(try RuntimeCase.outcome("math.greatest(1, 3, 2)", math, values: [.map(CELMap())]) == "error(no_such_overload)")
    }
}
