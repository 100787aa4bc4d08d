import Foundation
import Testing
@testable import MappingEngine

/// The shared corpus: `$CONVERTD_CORPUS`, else `../shared/corpus` beside the package.
enum Corpus {
    static let directory: URL? = {
        let environment = ProcessInfo.processInfo.environment["CONVERTD_CORPUS"].map { URL(fileURLWithPath: $0) }
        let beside = EngineFixture.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return [environment, beside].compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// The bytes of a corpus file, or nil (the calling test is then skipped) when the corpus is absent.
    static func bytes(_ name: String) -> [UInt8]? {
        guard let url = directory?.appendingPathComponent(name), let data = FileManager.default.contents(atPath: url.path) else {
            return nil
        }
        return Array(data)
    }

    static var isPresent: Bool { directory != nil }

    /// The package's bundled schemas.
    static let bundledSchemas = EngineFixture.schemasDirectory
}

/// YYModel's benchmark payloads through the bundled models: every field typed and converted.
@Suite(.corpusPresent, .tags(.corpus))
struct CorpusTests {
    private func convert(_ file: String, _ model: String) throws -> JSONValue {
        let input = try #require(Corpus.bytes(file))
        let engine = try Engine(directory: Corpus.bundledSchemas)
        guard case .success(let output, _, _) = engine.convert(input, model: model) else {
            Issue.record("conversion of \(file) failed: \(engine.convert(input, model: model))")
            return .null
        }
        return try JSONValue(parsing: String(decoding: output, as: UTF8.self))
    }

    @Test func githubUserConvertsCompletely() throws {
        let user = try convert("user.json", "GithubUser")
        #expect(user["login"] == .string("facebook"))
        #expect(user["id"] == .number("69631"))
        #expect(user["avatarUrl"] == .string("https://avatars.githubusercontent.com/u/69631?v=3"))
        #expect(user["type"] == .string("Organization"))
        #expect(user["siteAdmin"] == .bool(false))
        #expect(user["company"] == .null)
        #expect(user["hireable"] == .null)
        #expect(user["publicRepos"] == .number("147"))
        guard case .object(let members) = user else {
            Testing.Issue.record("the converted user is not an object: \(user)")
            return
        }
        #expect(members.count == 28)
    }

    @Test func weiboStatusConvertsCompletely() throws {
        let status = try convert("weibo.json", "WeiboStatus")
        #expect(status["id"] == .number("3887674148022737"))
        #expect(status["createdAt"] == .string("2015-09-16T04:20:09Z"))
        #expect(status["user"]?["createdAt"] == .string("2013-12-25T04:22:19Z"))
        #expect(status["user"]?["gender"] == .string("female"))
        #expect(status["user"]?["province"] == .number("11"))
        #expect(status["user"]?["url"] == .null)
        #expect(status["user"]?["blockApp"] == .bool(true))
        #expect(status["bizFeature"] == .number("4294967300"))
        // Every picture size is an integer, including the 32 that arrive as strings.
        guard case .object(let infos)? = status["picInfos"] else {
            Issue.record("picInfos missing")
            return
        }
        #expect(infos.count == 9)
        var sizes = 0
        for info in infos {
            for variant in ["thumbnail", "bmiddle", "middleplus", "large", "largest", "original"] {
                for side in ["width", "height"] {
                    guard let value = info.value[variant]?[side] else { continue }
                    guard case .number = value else {
                        Issue.record("\(info.key)/\(variant)/\(side) is \(value)")
                        continue
                    }
                    sizes += 1
                }
            }
        }
        #expect(sizes == 108)
    }

    @Test func weiboRoundTripsThroughReverse() throws {
        let input = try #require(Corpus.bytes("weibo.json"))
        let engine = try Engine(directory: Corpus.bundledSchemas)
        guard case .success(let normalized, _, _) = engine.convert(input, model: "WeiboStatus"),
              case .success(let upstream) = engine.reverse(normalized, model: "WeiboStatus") else {
            Issue.record("convert or reverse failed")
            return
        }
        let back = try JSONValue(parsing: String(decoding: upstream, as: UTF8.self))
        #expect(back["created_at"] == .string("2015-09-16T04:20:09Z"))
        #expect(back["user"]?["screen_name"] == .string("范冰冰"))
        #expect(back["user"]?["class"] == .number("1"))
        #expect(back["user"]?["gender"] == .string("f"))
        #expect(back["filterID"] == .string(""))
    }
}
