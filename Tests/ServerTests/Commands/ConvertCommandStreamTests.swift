import Foundation
import MappingEngine
import Testing

/// `convertd convert` on arrays, read and converted as they stream in, and on NDJSON.
@Suite(.convertdBuilt, .tags(.live))
final class ConvertCommandStreamTests {
    private let fixture: FixtureDirectory
    /// Where the inputs go (not among the schemas, where a data file would be read as one).
    private let inputs: URL

    init() throws {
        fixture = try FixtureDirectory()
        inputs = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: inputs)
    }

    /// Runs `convertd convert` on the fixture schemas with `arguments`, `input` on stdin.
    private func convert(_ arguments: [String], input: String = "") throws -> ProcessRun {
        try ProcessRun(try #require(ConvertdBinary.url), ["convert", "--schemas", fixture.url.path, "--schema", "Product"] + arguments,
                       input: Data(input.utf8))
    }

    /// A file holding `text`, removed with the test.
    private func file(_ name: String, _ text: String) throws -> String {
        let url = inputs.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// What the engine makes of the whole document at once, as the command printed it before.
    private static func whole(_ text: String, explain: Bool = false, pretty: Bool = false) throws -> String {
        let engine = try Engine(registry: ServerFixture.registry())
        let workspace = Workspace()
        let result = Array(text.utf8).withUnsafeBufferPointer {
            engine.convert($0, model: "Product", options: .init(explain: explain), workspace: workspace)
        }
        guard case .success(let success) = result else { return "not converted" }
        let output = explain ? ResultJSON.explained(success) : Array(success.output)
        return String(decoding: pretty ? output.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) } : output, as: UTF8.self) + "\n"
    }

    /// 3,000 products, about five chunks of the command's reads, some with long names.
    private static let array = "[" + (0..<3000).map { index in
        index % 100 == 0
            ? #"{"id":\#(index),"title":"\#(String(repeating: "x", count: 3000))","price":"0.5"}"#
            : ServerFixture.productBody.replacingOccurrences(of: #""id":"42""#, with: #""id":"\#(index)""#)
    }.joined(separator: ",\n  ") + "]\n"

    @Test(arguments: [[], ["--explain"], ["--pretty"], ["--explain", "--pretty"]])
    func anArrayPrintsWhatTheWholeDocumentGives(flags: [String]) throws {
        let expected = try Self.whole(Self.array, explain: flags.contains("--explain"), pretty: flags.contains("--pretty"))
        let fromFile = try convert(flags + [try file("products.json", Self.array)])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let sameFromFile = fromFile.stdout == expected
        #expect(sameFromFile, "the output differs from the whole document's")
        let fromStdin = try convert(flags, input: Self.array)
        let sameFromStdin = fromStdin.stdout == expected
        #expect(sameFromStdin, "the output differs from the whole document's")
    }

    /// Runs `convertd convert` with its standard output a file holding `before`, positioned at
    /// its end as `>> file` leaves it; returns the exit status and what the file holds after.
    private func convert(_ arguments: [String], toFileHolding before: String,
                         fileSizeLimitKiB: Int? = nil) throws -> (status: Int32, file: String, stderr: String) {
        let url = inputs.appendingPathComponent("out-\(UUID().uuidString).json")
        try before.write(to: url, atomically: true, encoding: .utf8)
        let output = try FileHandle(forWritingTo: url)
        try output.seekToEnd()
        let binary: URL = try #require(ConvertdBinary.url)
        let command = ["convert", "--schemas", fixture.url.path, "--schema", "Product"] + arguments
        let process = Process()
        if let fileSizeLimitKiB {
            // bash sets the limit (in KiB) and ignores SIGXFSZ, so a write past it fails with EFBIG.
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimitKiB); exec \"$0\" \"$@\"", binary.path] + command
        } else {
            process.executableURL = binary
            process.arguments = command
        }
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try output.close()
        return (process.terminationStatus, try String(contentsOf: url, encoding: .utf8), stderr)
    }

    /// The output goes straight into a file given as standard output (written on a thread of
    /// its own, as the input is read ahead on another), after what the file held.
    @Test func anArrayIsWrittenThroughToAFileAfterWhatItHeld() throws {
        let result = try convert([try file("products.json", Self.array)], toFileHolding: "held before\n")
        #expect(result.status == 0)
        let same = result.file == "held before\n" + (try Self.whole(Self.array))
        #expect(same, "the file holds other than what it held and the whole document's output")
    }

    /// A file that takes the output but its last piece (written when the array ended, after
    /// the writer thread's pieces) is said, exit 2, with the output taken back off it: never
    /// exit 0 over a cut-short file.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CONVERTD_SANITIZER"] == nil,
                   "under ThreadSanitizer the file size limit ends the command with SIGBUS inside the sanitizer's runtime"))
    func aLastWriteThatFailsIsSaidAndTakesTheOutputBack() throws {
        let whole = try Self.whole(Self.array)
        let limit = (whole.utf8.count - 1) / 1024
        let result = try convert([try file("products.json", Self.array)], toFileHolding: "", fileSizeLimitKiB: limit)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write the output"), "\(result.stderr)")
        #expect(result.file.isEmpty, "\(result.file.utf8.count) bytes left in the file")
    }

    /// A failure found at the last element takes the output written so far back off the file.
    @Test func aFailureTakesTheOutputBackOffAFileWrittenThrough() throws {
        let text = Self.array.replacingOccurrences(of: #""id":"2999""#, with: #""id":"x""#)
        let result = try convert([try file("failing.json", text)], toFileHolding: "held before\n")
        #expect(result.status == 1)
        #expect(result.file.hasPrefix("held before\n{"))
        let errors = json(String(result.file.dropFirst("held before\n".count)))
        #expect(value(errors, "errors", 0, "path") as? String == "/2999/id")
        #expect(value(errors, "errors", 1) == nil, "only the failing element's error follows what the file held")
    }

    @Test func aFailingElementListsItsErrorsAndExits1() throws {
        let text = Self.array.replacingOccurrences(of: #""id":"2999""#, with: #""id":"x""#)
        let result = try convert([try file("failing.json", text)])
        #expect(result.status == 1)
        #expect(value(json(result.stdout), "errors", 0, "path") as? String == "/2999/id")
        #expect(value(json(result.stdout), "errors", 0, "code") as? String == "invalid_number")
    }

    @Test func brokenSyntaxIsBadJSONAtItsPlaceInTheWholeFile() throws {
        // A stray byte where the element after the separator past 200,000 bytes should start.
        var bytes = Array(Self.array.utf8)
        let separator = try #require((200_000..<bytes.count).first { bytes[$0] == UInt8(ascii: ",") && bytes[$0 + 1] == 0x0A })
        bytes.insert(UInt8(ascii: "x"), at: separator + 4)
        let result = try convert([try file("broken.json", String(decoding: bytes, as: UTF8.self))])
        #expect(result.status == 1)
        #expect(value(json(result.stdout), "errors", 0, "code") as? String == "bad_json")
        #expect(value(json(result.stdout), "errors", 0, "offset") as? Int == separator + 4)
        #expect(value(json(result.stdout), "errors", 0, "line") as? Int == bytes[..<separator].filter { $0 == 0x0A }.count + 2)
        #expect(value(json(result.stdout), "errors", 0, "column") as? Int == 3)
    }

    @Test func ndjsonIsConvertedLineByLine() throws {
        let lines = [ServerFixture.productBody, #"{"id":"x","title":"b"}"#, "", "not json", ServerFixture.productBody].joined(separator: "\n")
        for arguments in [["--ndjson", try file("lines.txt", lines)], [try file("lines.jsonl", lines)], ["--ndjson"]] {
            let result = try convert(arguments, input: lines)
            #expect(result.status == 1)
            let output = result.stdout.split(separator: "\n").map(String.init)
            #expect(output.count == 4)
            #expect(output[0] == ServerFixture.productOutput)
            #expect(value(json(output[1]), "line") as? Int == 2)
            #expect(value(json(output[2]), "line") as? Int == 4)
            #expect(value(json(output[2]), "errors", 0, "code") as? String == "bad_json")
            #expect(output[3] == ServerFixture.productOutput)
        }
        let good = try convert(["--ndjson"], input: ServerFixture.productBody + "\n" + ServerFixture.productBody)
        #expect(good.status == 0)
        #expect(good.stdout == ServerFixture.productOutput + "\n" + ServerFixture.productOutput + "\n")
        // Refused before any input is read.
        #expect(try convert(["--ndjson", "--pretty"]).status != 0)
    }

    /// `--jobs` converts an array's elements and NDJSON's lines on threads, in batches: the
    /// output, the errors (their indices, the cap and its total), syntax errors at their place
    /// and the exit status are those of one job.
    @Test(arguments: [[], ["--explain"], ["--pretty"], ["--max-errors", "3"], ["--explain", "--max-errors", "2"]])
    func jobsGiveWhatOneJobGives(flags: [String]) throws {
        var bytes = Array(Self.array.utf8)
        let broken = try #require((300_000..<bytes.count).first { bytes[$0] == UInt8(ascii: ",") && bytes[$0 + 1] == 0x0A })
        bytes.insert(UInt8(ascii: "}"), at: broken + 4)
        let failing = (0..<3000).filter { $0 % 7 == 3 }.reduce(Self.array) {
            $0.replacingOccurrences(of: #""id":"\#($1)""#, with: #""id":"x\#($1)""#)
        }
        let documents = [
            "good.json": Self.array,
            "failing.json": failing,
            "broken.json": String(decoding: bytes, as: UTF8.self),
            "lines.ndjson": Self.array.dropFirst().dropLast(2).replacingOccurrences(of: ",\n  ", with: "\n"),
            "failing.ndjson": failing.dropFirst().dropLast(2).replacingOccurrences(of: ",\n  ", with: "\n") + "\nnot json\n\n",
        ]
        for (name, text) in documents.sorted(by: { $0.key < $1.key }) {
            if name.hasSuffix(".ndjson") && flags.contains("--pretty") { continue }
            let path = try file(name, text)
            let one = try convert(flags + ["--jobs", "1", path])
            #expect(one.stdout.hasPrefix("{") || one.stdout.hasPrefix("["), "\(name): \(one.stderr)")
            for jobs in ["2", "5"] {
                let many = try convert(flags + ["--jobs", jobs, path])
                #expect(many.status == one.status, "\(name) with \(jobs) jobs: \(many.stderr)")
                let same = many.stdout == one.stdout
                #expect(same, "\(name) with \(jobs) jobs \(flags): the output differs from one job's")
            }
        }
        #expect(try convert(["--jobs", "0"]).status != 0)
    }

    @Test func aFileThatCannotBeOpenedExits2() throws {
        let result = try convert([inputs.appendingPathComponent("missing.json").path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("cannot read "))
    }

    @Test func anObjectIsStillReadWhole() throws {
        let result = try convert([], input: "\n  " + ServerFixture.productBody)
        #expect(result.status == 0)
        #expect(result.stdout == ServerFixture.productOutput + "\n")
        let empty = try convert([], input: "  ")
        #expect(empty.status == 1)
        #expect(value(json(empty.stdout), "errors", 0, "code") as? String == "empty_body")
    }
}
