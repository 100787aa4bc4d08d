/// One file of the corpus (README: FILE, SECTION, TEST).
struct ConformanceFile: Decodable {
    struct Section: Decodable {
        var name: String
        var tests: [ConformanceTest]
    }

    var name: String
    var sections: [Section]
}

/// One conformance test.
struct ConformanceTest: Decodable {
    /// One declaration of `typeEnv` (`cel.expr.Decl`): an `ident` with its type, or a function.
    struct Declaration: Decodable {
        struct Ident: Decodable {
            var type: ConformanceJSON
        }

        var name: String
        var ident: Ident?
    }

    var name: String
    var expr: String
    var disableCheck: Bool
    var checkOnly: Bool
    var container: String
    var bindings: [String: ConformanceJSON]
    var typeEnv: [Declaration]?
    var expect: ConformanceJSON
    var usesProto: Bool
}
