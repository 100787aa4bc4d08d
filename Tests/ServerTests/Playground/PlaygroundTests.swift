@testable import ConvertdHTTP
@testable import convertd
import Foundation
import Testing

/// The playground's files as the service serves them: in-process (types, headers, what the page
/// refers to) and from the real binary over HTTP. Tests/Browser drives the page itself.
struct PlaygroundTests {
    let service: Service

    init() throws {
        service = try ServerFixture.service()
    }

    @Test(arguments: [
        ("/", "text/html; charset=utf-8", "<!doctype html>"),
        ("/playground.css", "text/css; charset=utf-8", "/* The convertd playground"),
        ("/playground.js", "text/javascript; charset=utf-8", "// The convertd playground"),
    ])
    func eachFileIsServedWithItsTypeAndPolicy(path: String, contentType: String, opening: String) {
        let result = service.exchange("GET", path)
        #expect(result.status == 200)
        #expect(result.response.contentType == contentType)
        #expect(result.body.hasPrefix(opening))
        let headers = Dictionary(result.response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(headers["Cache-Control"] == "no-cache")
        #expect(headers["X-Content-Type-Options"] == "nosniff")
        #expect(headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'") == true)
    }

    @Test func thePageRefersOnlyToFilesTheRouterServes() throws {
        let page = String(decoding: PlaygroundRoute.Asset.page.bytes, as: UTF8.self)
        let references = page.matches(of: /(?:src|href)="([^"]*)"/).map { String($0.output.1) }
        #expect(references == ["data:,", "/playground.css", "/playground.js"])
        for reference in references.dropFirst() {
            guard case .success(.playground(let asset)) = Router.route(method: "GET", path: reference) else {
                Issue.record("\(reference) is not served")
                continue
            }
            #expect(asset.path == reference)
        }
    }

    /// The policy forbids inline script and style, and the page must work offline: nothing in
    /// the three files may depend on either.
    @Test(arguments: PlaygroundRoute.Asset.allCases)
    func noInlineScriptNoOtherOrigin(asset: PlaygroundRoute.Asset) {
        let text = String(decoding: asset.bytes, as: UTF8.self)
        #expect(!text.contains("http://") && !text.contains("https://"))
        #expect(text.firstMatch(of: /<script(?![^>]*\ssrc=)/) == nil)
        #expect(text.firstMatch(of: /<[^>]*\s(?:on[a-z]+|style)=/) == nil)
        #expect(!text.contains("innerHTML") && !text.contains("insertAdjacentHTML") && !text.contains("eval("))
    }
}

/// The real binary serves the page it was built with, with no file beside it.
@Suite(.convertdBuilt, .tags(.live))
final class PlaygroundLiveTests {
    private let fixture: FixtureDirectory

    init() throws {
        fixture = try FixtureDirectory()
    }

    @Test func getSlashAnswersThePage() throws {
        let server = try LiveServer(schemas: fixture.url)
        let connection = try server.connect()
        let page = try connection.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy") == PlaygroundRoute.contentSecurityPolicy)
        #expect(page.body == PlaygroundRoute.Asset.page.bytes)
        let script = try connection.request("GET", "/playground.js")
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.body == PlaygroundRoute.Asset.script.bytes)
        let wrong = try connection.request("POST", "/", body: "{}", headers: [("Content-Type", "application/json")])
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, HEAD")
    }
}
