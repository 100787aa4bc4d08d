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

    /// A rule's error under a key style points at the member as written (`path`) and at the key
    /// the property reads (`source`), its `from:` included.
    @Test func anErrorsSourceIsWhereThePropertyReads() throws {
        let engine = try EngineFixture.engine("""
            $profiles:
              mobile: { keys: camelCase }
            Range:
              properties:
                max_value: { type: int64, from: upper }
                min_value: { type: int64, from: lower }
              rules:
                - rule: "self.min_value <= self.max_value"
                  path: /max_value
            """)
        #expect(try OutputProfileTests.convert(engine, #"{"upper": 1, "lower": 2}"#, "Range", profile: "mobile") == "rule_failed@/maxValue</upper")
        #expect(try OutputProfileTests.convert(engine, #"{"upper": 1, "lower": 2}"#, "Range", profile: nil) == "rule_failed@/max_value</upper")
    }

    /// A `keyBy` key's errors under a key style point at the key as written.
    @Test func aKeysErrorPathFollowsTheKeyStyle() throws {
        let engine = try EngineFixture.engine("""
            $profiles:
              mobile: { keys: camelCase }
            Stay:
              properties:
                guests: { type: "map<Guest>", keyBy: guest_id }
            Guest:
              properties:
                guest_id: int64
            """)
        let payload = #"{"guests": [{"guest_id": 1}, {"guest_id": "1"}]}"#
        #expect(try OutputProfileTests.convert(engine, payload, "Stay", profile: "mobile") == "duplicate_key@/guests/1/guestId</guests/1/guest_id")
        #expect(try OutputProfileTests.convert(engine, payload, "Stay", profile: nil) == "duplicate_key@/guests/1/guest_id<")
    }
}
