import Foundation
import Testing
@testable import MappingEngine

/// SPEC §4: `/reverse` writes what `/convert` reads back. For every sample payload x of every
/// bundled model, convert(reverse(convert(x))) == convert(x), byte for byte.
@Suite struct ReverseRoundTripTests {
    /// A payload to send round: the model it converts with, where it comes from, and the JSON
    /// Pointer of the part that is the payload ("" for the whole document).
    struct Sample: Sendable, CustomTestStringConvertible {
        /// Where a sample's document is read.
        enum Origin: Sendable {
            /// `Golden/<case>/input.json`.
            case golden(String)
            /// A file of the shared corpus.
            case corpus(String)
            /// JSON text written here.
            case inline(String)
        }

        var model: String
        var origin: Origin
        var pointer = ""

        var testDescription: String {
            let source = switch origin {
            case .golden(let name): "Golden/\(name)"
            case .corpus(let file): "corpus/\(file)"
            case .inline(let text): text
            }
            return "\(model) ← \(source)\(pointer)"
        }
    }

    /// Samples from the golden inputs and written here, together covering every bundled model;
    /// nested models take the part of a golden input they convert there.
    static let samples: [Sample] = [
        Sample(model: "Book", origin: .golden("book-full")),
        Sample(model: "Book", origin: .golden("book-strict-success")),
        Sample(model: "Book", origin: .golden("book-array")),
        Sample(model: "Book", origin: .golden("ebook-discriminator")),
        Sample(model: "Book", origin: .golden("audiobook-discriminator")),
        // printedAt reads `dd.MM.yyyy` or epoch: a time of day goes back as epoch, not as a
        // truncated date; a sub-second RFC 3339 date keeps its digits.
        Sample(model: "Book", origin: .inline(#"{"id":1,"name":"x","printed_at":1442377209}"#)),
        Sample(model: "Book", origin: .inline(#"{"id":2,"name":"x","printed_at":"1442377209123","published":"2015-09-16T12:20:09.123456789+08:00"}"#)),
        Sample(model: "Book", origin: .inline(#"{"id":3,"name":"x","printed_at":-86400,"published":"Sun, 06 Nov 1994 08:49:37 GMT"}"#)),
        Sample(model: "Book", origin: .inline(#"{"id":4,"name":"x","tags":["a","b"],"kind":"ebook"}"#)),
        Sample(model: "Item", origin: .golden("book-full")),
        Sample(model: "EBook", origin: .golden("ebook-discriminator")),
        Sample(model: "AudioBook", origin: .golden("audiobook-discriminator")),
        // A narrator given by name alone: the union's string branch.
        Sample(model: "AudioBook", origin: .inline(#"{"id":5,"name":"x","kind":"audio","narrator":"Scott Brick"}"#)),
        Sample(model: "Author", origin: .golden("book-full"), pointer: "/author"),
        Sample(model: "Author", origin: .golden("audiobook-discriminator"), pointer: "/narrator"),
        Sample(model: "Chapter", origin: .golden("book-full"), pointer: "/chapters/0"),
        Sample(model: "Review", origin: .golden("book-full"), pointer: "/reviews/0"),
        Sample(model: "Shelf", origin: .golden("shelf-keep")),
        Sample(model: "Sale", origin: .golden("shelf-keep"), pointer: "/Sale"),
        Sample(model: "BookSummary", origin: .golden("booksummary-include")),
        Sample(model: "GithubUser", origin: .golden("github-user")),
        Sample(model: "WeiboStatus", origin: .golden("weibo-status")),
        Sample(model: "WeiboUser", origin: .golden("weibo-status"), pointer: "/user"),
        Sample(model: "WeiboUserExtend", origin: .golden("weibo-status"), pointer: "/user/extend"),
        Sample(model: "WeiboPrivacy", origin: .golden("weibo-status"), pointer: "/user/extend/privacy"),
        Sample(model: "WeiboVisible", origin: .golden("weibo-status"), pointer: "/visible"),
        Sample(model: "WeiboAnnotation", origin: .golden("weibo-status"), pointer: "/annotations/0"),
        Sample(model: "WeiboPictureInfo", origin: .golden("weibo-status"), pointer: "/pic_infos/abc"),
        Sample(model: "WeiboPicture", origin: .golden("weibo-status"), pointer: "/pic_infos/abc/large"),
        // The golden status has no icons.
        Sample(model: "WeiboIcon", origin: .inline(#"{"url":"http://u1.sinaimg.cn/upload/2014/11/04/common_icon_membership_level5.png"}"#)),
        Sample(model: "Order", origin: .inline(#"{"id":7,"price":"19,90 €","code":" ab-12 ","first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","valid_from":"2026-01-01","valid_until":"2026-02-01","lines":[{"sku":"A","quantity":2}]}"#)),
        Sample(model: "OrderLine", origin: .inline(#"{"id":7,"price":"19,90 €","code":" ab-12 ","first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","valid_from":"2026-01-01","valid_until":"2026-02-01","lines":[{"sku":"A","quantity":2}]}"#), pointer: "/lines/0"),
        Sample(model: "Shape", origin: .inline(#"{"label":"box","w":2,"h":3.5}"#)),
        Sample(model: "Shape", origin: .inline(#"{"label":"wheel","radius":3}"#)),
        Sample(model: "Circle", origin: .inline(#"{"label":"wheel","radius":3}"#)),
        Sample(model: "Rect", origin: .inline(#"{"label":"box","w":2,"h":3.5}"#)),
        Sample(model: "UnknownShape", origin: .inline(#"{"label":"blob","points":7}"#)),
        // External and adjacent tags, in an array and a map, in any case (written back as mapped).
        Sample(model: "Drawing", origin: .inline(#"{"title":"t","layers":[{"CIRCLE":{"label":"c","radius":1}},{"rect":{"w":2,"h":3}}],"stamps":{"a":{"type":"rect","data":{"w":2,"h":3}},"b":{"data":{"label":"plain"}}}}"#)),
        Sample(model: "Layer", origin: .inline(#"{"Circle":{"radius":2}}"#)),
        Sample(model: "Stamp", origin: .inline(#"{"type":"circle","data":{"label":"wheel","radius":3}}"#)),
        Sample(model: "Stamp", origin: .inline(#"{"data":{"label":"plain"}}"#)),
    ]

    /// YYModel's benchmark payloads, when the shared corpus is present.
    static let corpusSamples: [Sample] = [
        Sample(model: "GithubUser", origin: .corpus("user.json")),
        Sample(model: "WeiboStatus", origin: .corpus("weibo.json")),
        Sample(model: "WeiboUser", origin: .corpus("weibo.json"), pointer: "/user"),
        Sample(model: "WeiboIcon", origin: .corpus("weibo.json"), pointer: "/user/icons/0"),
    ]

    static func bundledEngine() throws -> Engine {
        try Engine(directory: EngineFixture.schemasDirectory)
    }

    @Test func everyBundledModelHasASample() throws {
        let registry = try SchemaLoader.load(directory: EngineFixture.schemasDirectory)
        #expect(Set(Self.samples.map(\.model)) == Set(registry.names),
                "add a sample to ReverseRoundTripTests.samples for each new model")
    }

    @Test(arguments: samples)
    func reverseThenConvertGivesTheSameDocument(_ sample: Sample) throws {
        try Self.expectRoundTrip(sample, engine: try Self.bundledEngine())
    }

    @Test(.corpusPresent, .tags(.corpus),
          arguments: corpusSamples)
    func corpusPayloadsSurviveTheRoundTrip(_ sample: Sample) throws {
        try Self.expectRoundTrip(sample, engine: try Self.bundledEngine())
    }

    /// Converts the sample, reverses the result, converts that again (lax and strict: what
    /// `reverse` writes is each value's natural JSON type) and expects the first output.
    static func expectRoundTrip(_ sample: Sample, engine: Engine,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let input = try payload(sample)
        let first = engine.convert(input, model: sample.model)
        guard case .success(let normalized, _, _) = first else {
            Testing.Issue.record("\(sample.testDescription) does not convert: \(EngineFixture.describe(first))",
                                 sourceLocation: sourceLocation)
            return
        }
        guard let upstream = try ReverseAndExportTests.reversed(engine, normalized, sample.model,
                                                                sourceLocation: sourceLocation) else { return }
        for mode in [ConversionOptions.Mode.lax, .strict] {
            let again = engine.convert(upstream.jsonBytes, model: sample.model, options: ConversionOptions(mode: mode))
            guard case .success(let second, _, _) = again else {
                Testing.Issue.record("reverse output \(upstream.jsonText) does not convert [\(mode)]: \(EngineFixture.describe(again))",
                                     sourceLocation: sourceLocation)
                continue
            }
            #expect(String(decoding: second, as: UTF8.self) == String(decoding: normalized, as: UTF8.self),
                    "[\(mode)] via \(upstream.jsonText)", sourceLocation: sourceLocation)
        }
    }

    /// The bytes of a sample's payload.
    static func payload(_ sample: Sample) throws -> [UInt8] {
        let text: String
        switch sample.origin {
        case .golden(let name):
            text = try EngineFixture.packageFile("Tests/MappingEngineTests/Golden/\(name)/input.json")
        case .corpus(let file):
            let bytes = try #require(Corpus.bytes(file), "corpus file \(file) is missing")
            text = String(decoding: bytes, as: UTF8.self)
        case .inline(let json):
            text = json
        }
        guard !sample.pointer.isEmpty else { return Array(text.utf8) }
        let document = try EngineFixture.json(text)
        let part = try #require(resolve(sample.pointer, in: document), "\(sample.testDescription): nothing at the pointer")
        return part.jsonBytes
    }

    /// The value a JSON Pointer (RFC 6901) names in `value`, or nil.
    static func resolve(_ pointer: String, in value: JSONValue) -> JSONValue? {
        var current = value
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
