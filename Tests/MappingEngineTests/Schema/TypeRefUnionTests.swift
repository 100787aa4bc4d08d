import Testing
@testable import MappingEngine

/// SPEC §9: the union syntax `A | B | C` parses, prints back as written (spaces normalized),
/// nests in containers, and takes its one `?` after its last branch.
@Suite struct TypeRefUnionTests {
    /// (written, printed back)
    static let roundTrips: [(String, String)] = [
        ("string | Author", "string | Author"),
        ("int64 | string", "int64 | string"),
        ("array<Tag> | string", "array<Tag> | string"),
        ("int64|string|bool", "int64 | string | bool"),
        ("string | Author?", "string | Author?"),
        ("array<int64 | string>", "array<int64 | string>"),
        ("array< int64 | string? >?", "array<int64 | string?>?"),
        ("map<array<Tag> | Tag>", "map<array<Tag> | Tag>"),
        ("set<int64 | array<string?> | N>", "set<int64 | array<string?> | N>"),
        ("array<array<int32>?>", "array<array<int32>?>"),
        ("url?", "url?"),
    ]

    @Test(arguments: roundTrips)
    func aUnionPrintsBackAsWritten(_ written: String, _ printed: String) throws {
        let type = try TypeRef(parsing: written)
        #expect(type.description == printed)
        #expect(try TypeRef(parsing: printed) == type)
    }

    @Test func theBranchesAreKeptInOrderAndTheUnionIsNullableAsAWhole() throws {
        let type = try TypeRef(parsing: "string | Author?")
        #expect(type == TypeRef(.union([TypeRef(.string), TypeRef(.model("Author"))]), nullable: true))
        let element = try TypeRef(parsing: "array<int64 | string>?")
        #expect(element == TypeRef(.array(TypeRef(.union([TypeRef(.integer(.int64)), TypeRef(.string)]))), nullable: true))
    }

    @Test func aUnionNamesTheModelsOfEveryBranchAndCountsItsDeepestBranch() throws {
        let type = try TypeRef(parsing: "array<Tag> | map<array<Author>> | string")
        #expect(type.modelNames == ["Tag", "Author"])
        #expect(type.depth == 2)
        #expect(try TypeRef(parsing: "array<int64 | array<N>>").depth == 2)
    }

    /// (written, a part of the message)
    static let refused: [(String, String)] = [
        ("string? | Author", "'?' goes after the last branch"),
        ("array<int64? | string>", "'?' goes after the last branch"),
        ("int64 |", "expected a type name"),
        ("| int64", "expected a type name"),
        ("int64 || string", "expected a type name"),
        ("array<int64 | string", "expected '>'"),
        ("int64 | string??", "unexpected '?'"),
        ("int64 | strnig-x", "unexpected '-x'"),
    ]

    @Test(arguments: refused)
    func aMalformedUnionIsRefusedSayingWhy(_ written: String, _ expected: String) {
        var message: String?
        do throws(SchemaSyntaxError) { _ = try TypeRef(parsing: written) } catch { message = error.message }
        #expect(message?.contains(expected) == true, "\(written): \(message ?? "parsed")")
    }

    @Test func branchesDeeperThanTheLimitAreRefusedAsTheyAreParsed() {
        var refused: SchemaSyntaxError?
        do throws(SchemaSyntaxError) {
            _ = try TypeRef(parsing: "int64 | array<array<array<int64>>>", maxDepth: 2)
        } catch { refused = error }
        #expect(refused?.limit == .typeDepth)
        #expect((try? TypeRef(parsing: "array<array<int64>> | array<string>", maxDepth: 2)) != nil)
    }
}
