import ArgumentParser
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
