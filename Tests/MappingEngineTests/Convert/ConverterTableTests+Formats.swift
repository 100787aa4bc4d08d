import Testing
@testable import MappingEngine

/// SPEC §10 "Types": the format types, accepted and rejected, lax and strict.
extension ConverterTableTests {
    // MARK: localDate (a calendar date, never an instant)

    static let localDateAcceptsRows: [AcceptRow] = [
        .init("localDate", .strict, #""1920-10-08""#, #""1920-10-08""#),
        .init("localDate", .lax, #""1920-10-08""#, #""1920-10-08""#),
        .init("localDate", .strict, #""2024-02-29""#, #""2024-02-29""#),
        .init("localDate", .lax, #"" 1920-10-08 ""#, #""1920-10-08""#),
        // What a `date` wrote for a calendar date reads back as that date.
        .init("localDate", .lax, #""1920-10-08T00:00:00Z""#, #""1920-10-08""#),
        .init("localDate", .lax, #""1920-10-08T02:00:00+02:00""#, #""1920-10-08""#),
    ]
    static let localDateRejectsRows: [RejectRow] = [
        .init("localDate", .lax, #""2023-02-29""#, .invalidDate), .init("localDate", .lax, #""1920-13-01""#, .invalidDate),
        .init("localDate", .lax, #""0000-01-01""#, .invalidDate), .init("localDate", .lax, #""20-10-08""#, .invalidDate),
        .init("localDate", .lax, #""1920-10-08T12:00:00Z""#, .invalidDate),
        .init("localDate", .lax, #""1920-10-08T00:00:00+02:00""#, .invalidDate),
        .init("localDate", .lax, #""next Tuesday""#, .invalidDate), .init("localDate", .lax, "19201008", .typeMismatch),
        .init("localDate", .strict, #""1920-10-08T00:00:00Z""#, .invalidDate),
        .init("localDate", .strict, #"" 1920-10-08""#, .invalidDate),
    ]
    @Test(arguments: localDateAcceptsRows) func localDateAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: localDateRejectsRows) func localDateRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: time (a time of day, no zone)

    static let timeAcceptsRows: [AcceptRow] = [
        .init("time", .strict, #""09:30:00""#, #""09:30:00""#), .init("time", .strict, #""23:59:59.5""#, #""23:59:59.5""#),
        .init("time", .strict, #""00:00:00.120000000""#, #""00:00:00.12""#),
        .init("time", .lax, #""09:30""#, #""09:30:00""#), .init("time", .lax, #""9:30""#, #""09:30:00""#),
        .init("time", .lax, #"" 9:30:15 ""#, #""09:30:15""#),
    ]
    static let timeRejectsRows: [RejectRow] = [
        .init("time", .lax, #""24:00:00""#, .invalidDate), .init("time", .lax, #""12:60""#, .invalidDate),
        .init("time", .lax, #""12:30:60""#, .invalidDate), .init("time", .lax, #""12:30:00Z""#, .invalidDate),
        .init("time", .lax, #""12:30:00+02:00""#, .invalidDate), .init("time", .lax, #""noon""#, .invalidDate),
        .init("time", .lax, #""12:30:00.1234567891""#, .invalidDate), .init("time", .lax, "930", .typeMismatch),
        .init("time", .strict, #""09:30""#, .invalidDate), .init("time", .strict, #""9:30:00""#, .invalidDate),
    ]
    @Test(arguments: timeAcceptsRows) func timeAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: timeRejectsRows) func timeRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: duration (exact, canonical ISO 8601)

    static let durationAcceptsRows: [AcceptRow] = [
        .init("duration", .strict, #""PT1H30M""#, #""PT1H30M""#), .init("duration", .strict, #""PT90M""#, #""PT1H30M""#),
        .init("duration", .strict, #""PT5400S""#, #""PT1H30M""#), .init("duration", .strict, #""P1DT2H""#, #""PT26H""#),
        .init("duration", .strict, #""P1W""#, #""PT168H""#), .init("duration", .strict, #""PT0S""#, #""PT0S""#),
        .init("duration", .strict, #""PT0.5S""#, #""PT0.5S""#), .init("duration", .strict, #""PT1,25S""#, #""PT1.25S""#),
        .init("duration", .strict, #""PT1.5H""#, #""PT1H30M""#), .init("duration", .strict, #""pt2m""#, #""PT2M""#),
        .init("duration", .strict, #""PT0.000000001S""#, #""PT0.000000001S""#),
        .init("duration", .lax, #""90s""#, #""PT1M30S""#), .init("duration", .lax, #""1h30m""#, #""PT1H30M""#),
        .init("duration", .lax, #""1.5h""#, #""PT1H30M""#), .init("duration", .lax, #""300ms""#, #""PT0.3S""#),
        .init("duration", .lax, #""2us""#, #""PT0.000002S""#), .init("duration", .lax, #""0""#, #""PT0S""#),
        .init("duration", .lax, "90", #""PT1M30S""#), .init("duration", .lax, "1.5", #""PT1.5S""#),
        .init("duration", .lax, "1e3", #""PT16M40S""#), .init("duration", .lax, #""3600""#, #""PT1H""#),
        .init("duration", .lax, #"" PT1H ""#, #""PT1H""#),
        .init("duration", .lax, #""PT2562047H47M16.854775807S""#, #""PT2562047H47M16.854775807S""#),
    ]
    static let durationRejectsRows: [RejectRow] = [
        .init("duration", .lax, #""P1M""#, .invalidDuration), .init("duration", .lax, #""P1Y""#, .invalidDuration),
        .init("duration", .lax, #""P""#, .invalidDuration), .init("duration", .lax, #""PT""#, .invalidDuration),
        .init("duration", .lax, #""PT1M1H""#, .invalidDuration), .init("duration", .lax, #""PT1.5H30M""#, .invalidDuration),
        .init("duration", .lax, #""-PT5M""#, .invalidDuration), .init("duration", .lax, #""-5s""#, .invalidDuration),
        .init("duration", .lax, "-5", .invalidDuration), .init("duration", .lax, #""1.5ns""#, .invalidDuration),
        .init("duration", .lax, "0.0000000001", .invalidDuration), .init("duration", .lax, #""5 minutes""#, .invalidDuration),
        .init("duration", .lax, #""PT2562047H47M16.854775808S""#, .invalidDuration),
        .init("duration", .lax, "1e300", .invalidDuration), .init("duration", .lax, "true", .typeMismatch),
        .init("duration", .strict, #""90s""#, .invalidDuration), .init("duration", .strict, "90", .typeMismatch),
        .init("duration", .strict, #""90""#, .invalidDuration),
    ]
    @Test(arguments: durationAcceptsRows) func durationAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: durationRejectsRows) func durationRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: uuid (canonical lower case)

    static let uuidAcceptsRows: [AcceptRow] = [
        .init("uuid", .strict, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#),
        .init("uuid", .strict, #""F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6""#, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#),
        .init("uuid", .lax, #""{F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6}""#, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#),
        .init("uuid", .lax, #""urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#),
        .init("uuid", .lax, #""URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6""#, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#),
        .init("uuid", .lax, #""f81d4fae7dec11d0a76500a0c91e6bf6""#, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#),
        .init("uuid", .lax, #""00000000-0000-0000-0000-000000000000""#, #""00000000-0000-0000-0000-000000000000""#),
    ]
    static let uuidRejectsRows: [RejectRow] = [
        .init("uuid", .lax, #""f81d4fae-7dec-11d0-a765-00a0c91e6bf""#, .invalidUUID),
        .init("uuid", .lax, #""g81d4fae-7dec-11d0-a765-00a0c91e6bf6""#, .invalidUUID),
        .init("uuid", .lax, #""f81d4fae7-dec-11d0-a765-00a0c91e6bf6""#, .invalidUUID),
        .init("uuid", .lax, #""{f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#, .invalidUUID),
        .init("uuid", .lax, "1", .typeMismatch),
        .init("uuid", .strict, #""{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}""#, .invalidUUID),
        .init("uuid", .strict, #""f81d4fae7dec11d0a76500a0c91e6bf6""#, .invalidUUID),
        .init("uuid", .strict, #""urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6""#, .invalidUUID),
    ]
    @Test(arguments: uuidAcceptsRows) func uuidAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: uuidRejectsRows) func uuidRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: email (dot-atom, domain lower-cased)

    static let emailAcceptsRows: [AcceptRow] = [
        .init("email", .strict, #""Jane.Doe@Example.COM""#, #""Jane.Doe@example.com""#),
        .init("email", .strict, #""a+tag@mail.example.org""#, #""a+tag@mail.example.org""#),
        .init("email", .strict, #""o'brien@example.ie""#, #""o'brien@example.ie""#),
        .init("email", .strict, #""jörg@example.de""#, #""jörg@example.de""#),
        .init("email", .strict, #""postmaster@localhost""#, #""postmaster@localhost""#),
        .init("email", .lax, #"" editor@example.com ""#, #""editor@example.com""#),
    ]
    static let emailRejectsRows: [RejectRow] = [
        .init("email", .lax, #""editor at example.com""#, .invalidEmail), .init("email", .lax, #""@example.com""#, .invalidEmail),
        .init("email", .lax, #""editor@""#, .invalidEmail), .init("email", .lax, #""a..b@example.com""#, .invalidEmail),
        .init("email", .lax, #"".a@example.com""#, .invalidEmail), .init("email", .lax, #""a.@example.com""#, .invalidEmail),
        .init("email", .lax, #""\"john doe\"@example.com""#, .invalidEmail),
        .init("email", .lax, #""a@[192.0.2.1]""#, .invalidEmail), .init("email", .lax, #""a@-example.com""#, .invalidEmail),
        .init("email", .lax, #""a@b@example.com""#, .invalidEmail),
        .init("email", .lax, "\"\(String(repeating: "a", count: 65))@example.com\"", .invalidEmail),
        .init("email", .strict, #"" editor@example.com""#, .invalidEmail), .init("email", .strict, "1", .typeMismatch),
    ]
    @Test(arguments: emailAcceptsRows) func emailAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: emailRejectsRows) func emailRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: ipv4, ipv6, ip, cidr (RFC 5952 canonical text)

    static let ipAcceptsRows: [AcceptRow] = [
        .init("ipv4", .strict, #""192.168.0.1""#, #""192.168.0.1""#), .init("ipv4", .strict, #""0.0.0.0""#, #""0.0.0.0""#),
        .init("ipv4", .lax, #"" 10.0.0.255 ""#, #""10.0.0.255""#),
        .init("ipv6", .strict, #""2001:0DB8:0000:0000:0000:0000:0000:0001""#, #""2001:db8::1""#),
        .init("ipv6", .strict, #""2001:db8::1""#, #""2001:db8::1""#), .init("ipv6", .strict, #""::""#, #""::""#),
        .init("ipv6", .strict, #""::1""#, #""::1""#), .init("ipv6", .strict, #""fe80::""#, #""fe80::""#),
        // The longest zero run is compressed, the first of equal ones, never a single group.
        .init("ipv6", .strict, #""2001:db8:0:0:1:0:0:1""#, #""2001:db8::1:0:0:1""#),
        .init("ipv6", .strict, #""2001:0:0:1:0:0:0:1""#, #""2001:0:0:1::1""#),
        .init("ipv6", .strict, #""2001:db8:0:1:1:1:1:1""#, #""2001:db8:0:1:1:1:1:1""#),
        .init("ipv6", .strict, #""::ffff:c000:0201""#, #""::ffff:192.0.2.1""#),
        .init("ipv6", .strict, #""::FFFF:192.0.2.1""#, #""::ffff:192.0.2.1""#),
        .init("ipv6", .strict, #""::192.0.2.1""#, #""::c000:201""#),
        .init("ipv6", .lax, #""[2001:db8::1]""#, #""2001:db8::1""#),
        .init("ip", .strict, #""192.0.2.1""#, #""192.0.2.1""#), .init("ip", .strict, #""2001:DB8::1""#, #""2001:db8::1""#),
        .init("cidr", .strict, #""192.0.2.0/24""#, #""192.0.2.0/24""#), .init("cidr", .strict, #""0.0.0.0/0""#, #""0.0.0.0/0""#),
        .init("cidr", .strict, #""2001:DB8::/32""#, #""2001:db8::/32""#), .init("cidr", .strict, #""10.1.2.3/32""#, #""10.1.2.3/32""#),
        .init("cidr", .lax, #""10.1.2.3""#, #""10.1.2.3/32""#), .init("cidr", .lax, #""::1""#, #""::1/128""#),
    ]
    static let ipRejectsRows: [RejectRow] = [
        .init("ipv4", .lax, #""256.0.0.1""#, .invalidIP), .init("ipv4", .lax, #""1.2.3""#, .invalidIP),
        .init("ipv4", .lax, #""1.2.3.4.5""#, .invalidIP), .init("ipv4", .lax, #""010.0.0.1""#, .invalidIP),
        .init("ipv4", .lax, #""1.2.3.4 5""#, .invalidIP), .init("ipv4", .lax, #""::1""#, .invalidIP),
        .init("ipv4", .lax, "1234", .typeMismatch), .init("ipv4", .strict, #"" 1.2.3.4""#, .invalidIP),
        .init("ipv6", .lax, #""1:2:3:4:5:6:7:8:9""#, .invalidIP), .init("ipv6", .lax, #""1::2::3""#, .invalidIP),
        .init("ipv6", .lax, #""12345::""#, .invalidIP), .init("ipv6", .lax, #""fe80::1%eth0""#, .invalidIP),
        .init("ipv6", .lax, #""1:2:3:4:5:6:7:8::""#, .invalidIP), .init("ipv6", .lax, #"":1::""#, .invalidIP),
        .init("ipv6", .lax, #""1:""#, .invalidIP), .init("ipv6", .lax, #""192.0.2.1""#, .invalidIP),
        .init("ipv6", .lax, #""::1.2.3.4:5""#, .invalidIP), .init("ipv6", .strict, #""[::1]""#, .invalidIP),
        .init("ip", .lax, #""example.com""#, .invalidIP),
        .init("cidr", .lax, #""192.0.2.1/24""#, .invalidIP), .init("cidr", .lax, #""192.0.2.0/33""#, .invalidIP),
        .init("cidr", .lax, #""192.0.2.0/024""#, .invalidIP), .init("cidr", .lax, #""2001:db8::1/32""#, .invalidIP),
        .init("cidr", .lax, #""192.0.2.0/""#, .invalidIP), .init("cidr", .strict, #""10.1.2.3""#, .invalidIP),
    ]
    @Test(arguments: ipAcceptsRows) func ipAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: ipRejectsRows) func ipRejects(_ row: RejectRow) throws { try row.check() }

    // MARK: hostname (RFC 1123, lower-cased)

    static let hostnameAcceptsRows: [AcceptRow] = [
        .init("hostname", .strict, #""API.Example.COM""#, #""api.example.com""#),
        .init("hostname", .strict, #""localhost""#, #""localhost""#),
        .init("hostname", .strict, #""xn--bcher-kva.example""#, #""xn--bcher-kva.example""#),
        .init("hostname", .strict, #""3com.com""#, #""3com.com""#),
        .init("hostname", .lax, #""example.com.""#, #""example.com""#),
    ]
    static let hostnameRejectsRows: [RejectRow] = [
        .init("hostname", .lax, #""-example.com""#, .invalidHostname), .init("hostname", .lax, #""example-.com""#, .invalidHostname),
        .init("hostname", .lax, #""exa_mple.com""#, .invalidHostname), .init("hostname", .lax, #""a..b""#, .invalidHostname),
        .init("hostname", .lax, #""bücher.example""#, .invalidHostname), .init("hostname", .lax, #""192.0.2.1""#, .invalidHostname),
        .init("hostname", .lax, "\"\(String(repeating: "a", count: 64)).com\"", .invalidHostname),
        .init("hostname", .lax, #""""#, .invalidHostname), .init("hostname", .lax, "1", .typeMismatch),
        .init("hostname", .strict, #""example.com.""#, .invalidHostname),
    ]
    @Test(arguments: hostnameAcceptsRows) func hostnameAccepts(_ row: AcceptRow) throws { try row.check() }
    @Test(arguments: hostnameRejectsRows) func hostnameRejects(_ row: RejectRow) throws { try row.check() }
}
