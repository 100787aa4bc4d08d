import Foundation
import TestSupport
import Testing
@testable import MappingEngine

/// Whatever bytes arrive, the engine answers with a result, an error list or a syntax error:
/// never a crash or a hang.
@Suite struct RobustnessTests {
    private static let engine: Engine? = try? Engine(directory: Corpus.bundledSchemas)

    private static let seeds: [(model: String, json: String)] = [
        ("Book", #"{"ID":"42","name":"Dune","price":"19.90","ext":{"desc":"x"},"meta":{"isbn.13":"9"},"pages":"412","author":{"first_name":"F","born":"1920-10-08"},"tags":["a","b","a"],"chapters":[{"title":"One","page-count":"2","sections":[{"title":"S"}]}],"extras":{"k":1},"grid":[[1,"2"]],"published":"Wed Sep 16 12:20:09 +0800 2015","homepage":"","cover":"aGVsbG8","raw":{"a":[1,null]},"state":1,"printed_at":"01.06.1965","edition":1,"reviews":[{"stars":5,"text":"ok"},null],"kind":"ebook","format":"pdf"}"#),
        ("Shelf", #"{"Label":"L","Books":[{"id":1,"name":"a","kind":"audio","duration":"60","narrator":{"first_name":"N"}}],"Sale":{"PERCENT_OFF":"10","ENDS_AT":1442377209},"Extra":[1,2]}"#),
        ("GithubUser", #"{"login":"x","id":1,"avatar_url":"https://a.b/c?d=1#e","type":"User","site_admin":"no","public_repos":"3","created_at":"2011-01-25T18:44:36Z"}"#),
    ]

    @Test(arguments: 0..<3)
    func mutatedPayloadsAlwaysGetADefinedAnswer(_ seedIndex: Int) throws {
        let engine = try #require(Self.engine)
        let seed = Self.seeds[seedIndex]
        let original = Array(seed.json.utf8)
        #expect(Self.isSuccess(engine.convert(original, model: seed.model)), "the unmutated seed converts")
        var random = SeededRandom(seed: UInt64(seedIndex + 1))
        let alphabet = Array(#"{}[]",:0123456789-+.eEtrufalsn \"\\u"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        let workspace = Workspace()
        // CONVERTD_FUZZ_ROUNDS runs a longer campaign by hand; CI keeps the suite quick.
        let rounds = Int(ProcessInfo.processInfo.environment["CONVERTD_FUZZ_ROUNDS"] ?? "") ?? 3000
        for round in 0..<rounds {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<max(bytes.count, 1), using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !bytes.isEmpty: bytes[position] = alphabet.randomElement(using: &random) ?? 0
                case 1 where !bytes.isEmpty: bytes.remove(at: position)
                case 2: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: min(position, bytes.count))
                default: bytes = Array(bytes.prefix(position))
                }
            }
            let answered = bytes.withUnsafeBufferPointer { input -> Bool in
                switch engine.convert(input, model: seed.model, options: .init(mode: round % 2 == 0 ? .lax : .strict, explain: round % 3 == 0), workspace: workspace) {
                case .success(let success):
                    // A success is always valid JSON.
                    return (try? JSONParser().parse(success.output, into: JSONTape())) != nil
                case .failure(let errors): return !errors.isEmpty
                case .malformed: return true
                case .unknownModel: return false
                }
            }
            #expect(answered, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func deeplyNestedRecursiveModelsConvertUpToTheDepthLimit() throws {
        let engine = try #require(Self.engine)
        func chapters(_ depth: Int) -> String {
            String(repeating: #"{"title":"t","sections":["#, count: depth) + String(repeating: "]}", count: depth)
        }
        // Each level is an object and an array: 120 levels nest 240 containers, within 256.
        #expect(Self.isSuccess(engine.convert(Array(chapters(120).utf8), model: "Chapter")))
        guard case .malformed(let error) = engine.convert(Array(chapters(200).utf8), model: "Chapter") else {
            Issue.record("expected too_deep")
            return
        }
        #expect(error.code == "too_deep")
    }

    @Test func largeContainersStayLinear() throws {
        let engine = try #require(Self.engine)
        let tags = (0..<50_000).map { "\"t\($0 % 1000)\"" }.joined(separator: ",")
        let extras = (0..<20_000).map { "\"k\($0 % 500)\":\($0)" }.joined(separator: ",")
        let input = Array(#"{"id":1,"name":"n","tags":[\#(tags)],"extras":{\#(extras)}}"#.utf8)
        guard case .failure(let errors) = engine.convert(input, model: "Book") else {
            Issue.record("expected the maxItems error")
            return
        }
        // 1,000 distinct tags after de-duplication, over the limit of 20.
        #expect(errors.map(\.code) == [.tooManyItems])
    }

    @Test(.corpusPresent, .tags(.corpus))
    func everyJSONTestSuiteFileGetsADefinedAnswer() throws {
        let engine = try #require(Self.engine)
        let directory = try #require(Corpus.directory?.appendingPathComponent("JSONTestSuite/test_parsing"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count > 300, "JSONTestSuite's test_parsing has 318 files; found \(names.count)")
        for name in names.sorted() where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { continue }
            switch engine.convert(Array(data), model: "Book") {
            case .malformed: #expect(!name.hasPrefix("y_"), "\(name) is valid JSON")
            case .success, .failure: #expect(!name.hasPrefix("n_"), "\(name) is not JSON")
            case .unknownModel: Issue.record("Book must exist")
            }
        }
    }

    private static func isSuccess(_ result: Engine.OwnedResult) -> Bool {
        if case .success = result { return true }
        return false
    }
}
