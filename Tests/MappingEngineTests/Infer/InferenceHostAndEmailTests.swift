import Testing
@testable import MappingEngine

/// `convertd infer` proposes `email` for addresses with a dotted domain, `cidr` for networks,
/// and `hostname` only where a key named for hosts holds dotted names and nothing else: a value
/// alone (`file.txt`, `John.Smith`) does not make a hostname.
@Suite struct InferenceHostAndEmailTests {
    private typealias Fixture = InferenceFixture

    @Test(arguments: [
        (["\"ops@example.com\"", "\"Jane.Doe+news@Mail.Example.ORG\""], "email"),
        (["\"ops@example.com\"", "null"], "email?"),
        (["\"10.0.0.0/8\"", "\"2001:db8::/32\""], "cidr"),
        // A handle or a login (`user@host`) is valid as an address, but not proposed as one.
        (["\"team@home\""], "string"),
        (["\"ops@example.com\"", "\"team@home\""], "string"),
        (["\"ops@example.com\"", "\"see you\""], "string"),
        (["\"@example.com\""], "string"),
    ] as [([String], String)])
    func emailsAndNetworksAreProposed(values: [String], type: String) throws {
        #expect(try Fixture.type(InferenceTests.samples(values)) == type, "\(values)")
    }

    @Test(arguments: [
        ("host", ["\"api.example.com\"", "\"DB-1.internal.example.net\""], "hostname"),
        ("hostname", ["\"api.example.com\"", "null"], "hostname?"),
        ("dbHost", ["\"db.example.com\""], "hostname"),
        ("smtp_host_name", ["\"mail.example.com\""], "hostname"),
        ("FQDN", ["\"node7.cluster.local\""], "hostname"),
        ("domain", ["\"example.com\"", "\"example.com\"", "\"example.com\"", "\"example.com\""], "hostname"),
        // Under a host key, a single label, an address or other text leaves the guess out.
        ("host", ["\"localhost\""], "string"),
        ("host", ["\"api.example.com\"", "\"10.0.0.1\""], "string"),
        ("host", ["\"api.example.com\"", "\"not a host\""], "string"),
        ("host", ["\"api.example.com\"", "42"], "string"),
        // Dotted names under other keys stay text.
        ("file", ["\"report.txt\"", "\"notes.md\""], "string"),
        ("name", ["\"John.Smith\""], "string"),
        ("ghost", ["\"api.example.com\""], "string"),
        ("hosts", ["\"api.example.com\""], "string"),
    ] as [(String, [String], String)])
    func hostnamesNeedTheKeyAndEveryValue(key: String, values: [String], type: String) throws {
        let samples = values.map { "{\"\(key)\": \($0)}" }
        let name = PropertyNaming.camelCase(key)
        #expect(try Fixture.type(samples, name) == type, "\(key): \(values)")
    }

    @Test func theInferredHostnameConvertsItsSamples() throws {
        let samples = [#"{"host": "API.Example.com"}"#, #"{"host": "db.example.com"}"#]
        let registry = try Fixture.registry(samples)
        let engine = try Engine(registry: registry)
        let result = engine.convert(Array(samples[0].utf8), model: "M", options: ConversionOptions(mode: .strict))
        #expect(EngineFixture.output(result) == (try EngineFixture.json(#"{"host":"api.example.com"}"#)))
    }
}
