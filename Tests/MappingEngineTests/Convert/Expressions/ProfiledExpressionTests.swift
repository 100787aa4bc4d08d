import Testing
@testable import MappingEngine

/// Rules and computed members under an output profile (SPEC §8 with §10): they see the values,
/// whatever form the profile writes them in — numbers in quotes, dates as epochs or HTTP
/// dates, fields and nested fields under another key style — and their errors' paths name the
/// members as written.
@Suite struct ProfiledExpressionTests {
    static let schema = """
        $profiles:
          mobile: { int64: string, decimal: string, date: epoch-ms, keys: camelCase }
          web: { date: http, keys: kebab-case }
          seconds: { date: epoch-s }
        Booking:
          properties:
            guest_id: int64
            min_price: decimal
            max_price: decimal
            starts_at: date
            ends_at: date
            guest: Guest
          rules:
            - rule: "self.min_price <= self.max_price"
              path: /max_price
            - "self.starts_at < self.ends_at"
            - "self.guest_id > 0"
            - "!has(self.guest) || self.guest.last_name != ''"
        Guest:
          properties:
            last_name: string
        """

    static let valid = #"{"guest_id": 7, "min_price": "10.50", "max_price": 99.95, "starts_at": "2024-07-01T09:30:00Z", "ends_at": "2024-07-02T09:30:00.5Z", "guest": {"last_name": "Lovelace"}}"#
    static let invalid = #"{"guest_id": 0, "min_price": "100", "max_price": 99.95, "starts_at": "2024-07-03T09:30:00Z", "ends_at": "2024-07-02T09:30:00Z", "guest": {"last_name": ""}}"#

    @Test(arguments: [nil, "js", "mobile", "web", "seconds"])
    func rulesSeeTheValuesWhateverTheProfileWrites(profile: String?) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let accepted = try OutputProfileTests.convert(engine, Self.valid, "Booking", profile: profile)
        #expect(accepted.hasPrefix("{"), "\(profile ?? "none"): \(accepted)")
        let refused = try OutputProfileTests.convert(engine, Self.invalid, "Booking", profile: profile)
        #expect(refused.components(separatedBy: " ").filter { $0.hasPrefix("rule_failed") }.count == 4, "\(profile ?? "none"): \(refused)")
    }

    @Test func anErrorsPathNamesTheMemberAsTheProfileWritesIt() throws {
        let engine = try EngineFixture.engine(Self.schema)
        #expect(try OutputProfileTests.convert(engine, Self.invalid, "Booking", profile: "mobile").contains("rule_failed@/maxPrice<"))
        #expect(try OutputProfileTests.convert(engine, Self.invalid, "Booking", profile: "web").contains("rule_failed@/max-price<"))
        #expect(try OutputProfileTests.convert(engine, Self.invalid, "Booking", profile: nil).contains("rule_failed@/max_price<"))
    }
}
