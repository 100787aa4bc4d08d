import Foundation
import Testing

/// `GET /openapi.json` from the real server: OpenAPI 3.1 JSON with every registered model as a
/// component, following a model added at run time.
@Suite(.convertdBuilt, .tags(.live))
struct OpenAPILiveTests {
    private static let token = "openapi-test-token"

    @Test func theDocumentListsEveryModelAndFollowsAModelAddedAtRunTime() throws {
        let fixture = try FixtureDirectory()
        let server = try LiveServer(schemas: fixture.url, arguments: ["--admin-token", Self.token])
        let connection = try server.connect()
        let answer = try connection.request("GET", "/openapi.json")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        #expect((value(answer.json, "openapi") as? String)?.hasPrefix("3.1.") == true)
        let listed = (value(try connection.request("GET", "/schemas").json, "models") as? [Any] ?? []).compactMap { value($0, "name") as? String }
        #expect(Set(listed) == ["Product", "Maker"])
        let components = value(answer.json, "components", "schemas") as? [String: Any] ?? [:]
        for model in listed {
            #expect(components[model] != nil && components["\(model)-Input"] != nil, "\(model) is not a component")
        }
        #expect(components["Pet"] == nil)

        let put = try connection.request("PUT", "/schemas/Pet", body: "Pet:\n  properties:\n    name: { type: string, required: true }\n",
                                         headers: [("Authorization", "Bearer \(Self.token)"), ("Content-Type", "application/yaml")])
        #expect(put.status == 201)
        let changed = try connection.request("GET", "/openapi.json")
        #expect(changed.status == 200)
        #expect(value(changed.json, "components", "schemas", "Pet", "required") as? [String] == ["name"])
        #expect(value(changed.json, "components", "schemas", "Pet-Input", "required") as? [String] == ["name"])
        #expect(value(changed.json, "paths", "/convert/Pet", "post", "operationId") as? String == "convertPet")
        #expect(value(changed.json, "info", "version") as? String != value(answer.json, "info", "version") as? String)
    }
}
