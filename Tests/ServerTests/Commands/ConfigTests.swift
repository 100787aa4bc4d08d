import ArgumentParser
import Foundation
@testable import ConvertdHTTP
@testable import convertd
import Logging
import Testing

/// `convertd serve` settings: flags, then environment, then defaults; every bad value listed.
struct ConfigTests {
    private func config(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ServerConfig {
        try ServerConfig(try ServeCommand.parse(arguments), environment: environment)
    }

    @Test func defaults() throws {
        let config = try config([])
        #expect(config.server.host == "0.0.0.0")
        #expect(config.server.port == 8080)
        #expect(config.server.threads >= 1)
        #expect(config.server.maxConnections == 1024)
        #expect(config.server.deadlines.idleSeconds == 30)
        #expect(config.limits.maxBodyBytes == 8 << 20)
        #expect(config.limits.maxDepth == 256)
        #expect(config.schemas == "schemas")
        #expect(config.grace == 10)
        #expect(config.logLevel == .info)
        #expect(config.logFormat == .json)
    }

    @Test func environmentThenFlags() throws {
        let environment = ["PORT": "9000", "HOST": "127.0.0.1", "SCHEMAS_DIR": "/etc/convertd", "THREADS": "3", "LOG_FORMAT": "text",
                           "LOG_LEVEL": "WARNING", "MAX_BODY_BYTES": "1024", "GRACE": "2.5"]
        let fromEnvironment = try config([], environment)
        #expect(fromEnvironment.server.port == 9000)
        #expect(fromEnvironment.server.host == "127.0.0.1")
        #expect(fromEnvironment.schemas == "/etc/convertd")
        #expect(fromEnvironment.server.threads == 3)
        #expect(fromEnvironment.logFormat == .text)
        #expect(fromEnvironment.logLevel == .warning)
        #expect(fromEnvironment.limits.maxBodyBytes == 1024)
        #expect(fromEnvironment.grace == 2.5)
        let flagsWin = try config(["--port", "9001", "--log-format", "json", "--threads", "1"], environment)
        #expect(flagsWin.server.port == 9001)
        #expect(flagsWin.logFormat == .json)
        #expect(flagsWin.server.threads == 1)
    }

    @Test func everyInvalidValueIsListed() throws {
        do {
            _ = try config(["--port", "70000", "--log-format", "xml"], ["THREADS": "zero", "MAX_DEPTH": "0"])
            Issue.record("expected a validation error")
        } catch let error as ValidationError {
            let message = error.message
            #expect(message.contains("--port 70000"))
            #expect(message.contains("--log-format xml"))
            #expect(message.contains("THREADS=zero"))
            #expect(message.contains("MAX_DEPTH=0"))
        }
    }

    @Test(arguments: ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
    func anAdminTokenGivenAsTextIsTakenOnLoopback(host: String) throws {
        #expect(try config(["--host", host, "--admin-token", "s3cret"]).adminToken != nil)
        #expect(try config([], ["HOST": host, "ADMIN_TOKEN": "s3cret"]).adminToken != nil)
    }

    @Test(arguments: [
        (["--admin-token", "s3cret"], [:], "--admin-token with host 0.0.0.0"),
        (["--host", "::", "--admin-token", "s3cret"], [:], "--admin-token with host ::"),
        ([], ["ADMIN_TOKEN": "s3cret"], "ADMIN_TOKEN with host 0.0.0.0"),
        ([], ["HOST": "10.1.2.3", "ADMIN_TOKEN": "s3cret", "ADMIN_ON_NETWORK": "0"], "ADMIN_TOKEN with host 10.1.2.3"),
    ] as [([String], [String: String], String)])
    func anAdminTokenGivenAsTextOffLoopbackIsRefusedNamingTheWaysOut(_ entry: (arguments: [String], environment: [String: String], says: String)) {
        do {
            _ = try config(entry.arguments, entry.environment)
            Issue.record("expected a validation error")
        } catch let error as ValidationError {
            #expect(error.message.hasPrefix(entry.says + ", not a loopback address"))
            for fix in ["--admin-token-file PATH", "ADMIN_TOKEN_FILE", "--admin-on-network", "ADMIN_ON_NETWORK=1", "--host 127.0.0.1"] {
                #expect(error.message.contains(fix), "the message names \(fix)")
            }
            #expect(!error.message.contains("s3cret"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func offLoopbackATokenFromAFileOrAcknowledgedIsTaken() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-token-\(UUID().uuidString)")
        try "from-a-file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try config(["--admin-token-file", file.path])
        #expect(AdminToken.verdict("Bearer from-a-file", token: fromFile.adminToken) == .allowed)
        let fromFileVariable = try config([], ["ADMIN_TOKEN_FILE": file.path])
        #expect(AdminToken.verdict("Bearer from-a-file", token: fromFileVariable.adminToken) == .allowed)
        // The flag beats the environment, a file included.
        let fileFlagWins = try config(["--admin-token-file", file.path], ["ADMIN_TOKEN": "s3cret"])
        #expect(AdminToken.verdict("Bearer from-a-file", token: fileFlagWins.adminToken) == .allowed)
        let acknowledged = try config(["--admin-token", "s3cret", "--admin-on-network"])
        #expect(AdminToken.verdict("Bearer s3cret", token: acknowledged.adminToken) == .allowed)
        let acknowledgedByVariable = try config([], ["ADMIN_TOKEN": "s3cret", "ADMIN_ON_NETWORK": "1"])
        #expect(AdminToken.verdict("Bearer s3cret", token: acknowledgedByVariable.adminToken) == .allowed)
        // An empty token is no token: the admin API is off, and nothing is exposed.
        #expect(try config(["--admin-token", ""]).adminToken == nil)
    }

    /// Both variables set is a mistake as both flags are: neither silently wins.
    @Test func bothTokenVariablesAreRefused() throws {
        do {
            _ = try config([], ["ADMIN_TOKEN": "a", "ADMIN_TOKEN_FILE": "/nonexistent/token"])
            Issue.record("expected a validation error")
        } catch let error as ValidationError {
            #expect(error.message.contains("ADMIN_TOKEN and ADMIN_TOKEN_FILE: expected one of them"))
        }
    }

    @Test func aTokenFileThatCannotBeReadOrBothTokenFlagsAreListed() throws {
        do {
            _ = try config(["--admin-token", "a", "--admin-token-file", "/nonexistent/token"], ["ADMIN_ON_NETWORK": "maybe"])
            Issue.record("expected a validation error")
        } catch let error as ValidationError {
            #expect(error.message.contains("--admin-token and --admin-token-file: expected one of them"))
            #expect(error.message.contains("ADMIN_ON_NETWORK=maybe: expected 1 or 0"))
        }
        do {
            _ = try config(["--admin-token-file", "/nonexistent/token"])
            Issue.record("expected a validation error")
        } catch let error as ValidationError {
            #expect(error.message.contains("--admin-token-file /nonexistent/token: expected a readable file holding the token"))
        }
    }

    @Test(arguments: [
        ("abc", "abc"), ("req-1_2.3", "req-1_2.3"),
    ])
    func requestIDsAreHonoured(header: String, expected: String) {
        #expect(RequestID.accept(header) == expected)
    }

    @Test(arguments: [nil, "", "has space", String(repeating: "x", count: 129), "tab\t", "é"] as [String?])
    func unusableRequestIDsAreReplaced(header: String?) {
        let id = RequestID.accept(header)
        #expect(id != header)
        #expect(!id.isEmpty && id.contains("-"))
        #expect(RequestID.accept(header) != id)
    }

    @Test func generatedIDsAreThePrefixAndACounter() throws {
        let first = RequestID.next(), second = RequestID.next()
        let parts = first.split(separator: "-"), next = second.split(separator: "-")
        #expect(parts.count == 2 && next.count == 2)
        #expect(parts[0].count == 16 && parts[0].allSatisfy(\.isHexDigit) && parts[0] == next[0])
        let number = try #require(UInt64(parts[1])), following = try #require(UInt64(next[1]))
        #expect(following > number)
        // The digits are written in place: exactly the number's decimal form, no padding.
        #expect(String(number) == parts[1] && String(following) == next[1])
    }
}
