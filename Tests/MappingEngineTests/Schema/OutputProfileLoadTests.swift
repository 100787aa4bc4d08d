import Foundation
import Testing
@testable import MappingEngine

/// What loading checks of output options and `$profiles`: every mistake is `invalid_schema`
/// naming its file, model, property and option.
@Suite struct OutputProfileLoadTests {
    /// The messages of a load that must fail.
    static func errors(_ sources: [(String, String)]) -> [String] {
        do {
            _ = try Engine(sources: sources.map { SchemaSource(file: $0.0, text: $0.1) })
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(arguments: [
        ("$profiles: { js: { int64: number } }\nA: { properties: { a: int64 } }", "profile 'js' is built in"),
        ("$profiles: { m: { int64: text } }\nA: { properties: { a: int64 } }", "'int64' must be one of number, string"),
        ("$profiles: { m: { colour: red } }\nA: { properties: { a: int64 } }", "unknown output option 'colour'"),
        ("$profiles: { m: { date: iso } }\nA: { properties: { a: int64 } }", "'date' must be one of rfc3339, rfc3339-offset, epoch-s, epoch-ms, http"),
        ("$profiles: { 9m: {} }\nA: { properties: { a: int64 } }", "profile name '9m'"),
        ("$profiles: [m]\nA: { properties: { a: int64 } }", "'$profiles' must be an object"),
        ("A: { output: { keys: Pascal }, properties: { a: int64 } }", "'keys' must be one of as_is, camelCase, snake_case, kebab-case"),
        ("A: { properties: { a: { type: int64, output: { keys: camelCase } } } }", "'keys' is an option of a model or a profile"),
        ("A: { properties: { a: { type: int64, output: { nulls: drop } } } }", "'nulls' must be one of keep, omit"),
    ])
    func aBadOptionIsRefusedWithItsPlace(text: String, message: String) {
        let found = Self.errors([("a.yaml", text)])
        #expect(found.contains { $0.contains(message) && $0.contains("a.yaml") }, "\(found)")
    }

    @Test func aProfileDeclaredInTwoFilesNamesBoth() {
        let found = Self.errors([("a.yaml", "$profiles: { m: { int64: string } }\nA: { properties: { a: int64 } }"),
                                 ("b.yaml", "$profiles: { m: { uint64: string } }\nB: { properties: { b: int64 } }")])
        #expect(found.contains { $0.contains("b.yaml") && $0.contains("profile 'm' is already declared in a.yaml") }, "\(found)")
    }

    @Test func twoPropertiesWrittenUnderOneKeyAreRefusedForTheModelAndEveryProfile() {
        let own = Self.errors([("a.yaml", "A: { output: { keys: snake_case }, properties: { userId: int64, user_id: int64 } }")])
        #expect(own.contains { $0.contains("A") && $0.contains("'userId' and 'user_id' are both written as 'user_id'") }, "\(own)")
        let profiled = Self.errors([("a.yaml", "$profiles: { m: { keys: camelCase } }\nA: { properties: { userId: int64, user_id: int64 } }")])
        #expect(profiled.contains { $0.contains("under profile 'm'") && $0.contains("'userId'") }, "\(profiled)")
    }

    @Test func theNumberOfProfilesIsBounded() {
        var limits = RegistryLimits()
        limits.profiles = 1
        let text = "$profiles: { a: { int64: string }, b: { int64: string } }\nA: { properties: { a: int64 } }"
        do {
            _ = try Engine(sources: [SchemaSource(file: "a.yaml", text: text)], limits: limits)
            Issue.record("two profiles over a limit of one loaded")
        } catch {
            #expect(error.errors.contains { $0.limit == .profiles })
        }
    }

    /// A model's `output:` is inherited through `extends`, the child's options over the parent's.
    @Test func aModelsOutputIsInherited() throws {
        let engine = try EngineFixture.engine("""
            Base: { output: { int64: string, keys: camelCase }, properties: { some_id: int64 } }
            Child: { extends: Base, output: { keys: kebab-case }, properties: { other_id: int64 } }
            """)
        let result = engine.convert(Array(#"{"some_id":1,"other_id":2}"#.utf8), model: "Child")
        #expect(EngineFixture.output(result) == (try EngineFixture.json(#"{"some-id":"1","other-id":"2"}"#)))
    }
}
