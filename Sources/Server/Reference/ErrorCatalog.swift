import ConvertdHTTP
import MappingEngine
import Spooling

/// Every error code convertd answers, with its HTTP status, what it means and an example entry,
/// gathered from the one place each is defined: the engine's conversion codes (`ErrorCode`) and
/// inference codes (`InferenceError.Code`), the service's (`ServiceError.Code`) and the
/// transport's (`TransportError.Code`). No status or example is written down here: each
/// conversion example is answered by `ConversionRoute` (or streamed by `ArrayConversion`), each
/// other example is an error value answered as the service answers it, and the table shows what
/// came out. `convertd reference errors` prints it; the README holds it between markers.
struct ErrorCatalog {
    /// One row: a code as answered with one status.
    struct Entry: Equatable {
        let code: String
        let status: Int
        let meaning: String
        /// The entry of the answer's `errors` list, as JSON text.
        let example: String
    }

    /// An example that did not give the code it stands for.
    struct Mismatch: Error, CustomStringConvertible {
        let code: String
        let answer: String
        var description: String { "the example of \(code) did not answer it: \(answer)" }
    }

    /// Sorted by code, then status. A code answered with two statuses (`body_too_large`: the
    /// whole body 413, one element of a streamed array 422) has a row for each.
    let entries: [Entry]

    init() throws(Mismatch) {
        var entries: [Entry] = []
        for code in ErrorCode.allCases {
            entries.append(try ErrorCatalog.conversion(code))
        }
        for code in InferenceError.Code.allCases {
            guard let meaning = code.meaning, let example = code.example else { continue }
            entries.append(try ErrorCatalog.entry(code.rawValue, meaning, ServiceError.inference(example)))
        }
        for code in ServiceError.Code.allCases {
            entries.append(try ErrorCatalog.entry(code.rawValue, code.meaning, code.example))
        }
        for code in TransportError.Code.allCases {
            let example = code.example
            guard example.code == code else { throw Mismatch(code: code.rawValue, answer: example.entry) }
            entries.append(Entry(code: code.rawValue, status: example.status, meaning: code.meaning, example: example.entry))
        }
        self.entries = entries.sorted { ($0.code, $0.status) < ($1.code, $1.status) }
    }

    /// The codes of the service's error body (`{"errors": [{"code", "message", …}]}`): every
    /// code but the validation codes, which come in a `{"schema", "errors"}` body.
    static var answerCodes: [String] {
        var codes = ErrorCode.allCases.filter(\.isSyntax).map(\.rawValue)
        codes += InferenceError.Code.allCases.filter { $0.meaning != nil }.map(\.rawValue)
        codes += ServiceError.Code.allCases.map(\.rawValue)
        codes += TransportError.Code.allCases.map(\.rawValue)
        var seen = Set<String>()
        return codes.filter { seen.insert($0).inserted }.sorted()
    }

    /// The table in Markdown: code, status, meaning, example.
    var markdown: String {
        Markdown.table(["code", "status", "what it means", "example"], entries.map { entry in
            [Markdown.code(entry.code), String(entry.status), entry.meaning, Markdown.code(entry.example)]
        })
    }

    /// A conversion code's row: its example converted, and answered, as the service does it.
    private static func conversion(_ code: ErrorCode) throws(Mismatch) -> Entry {
        let example = code.example
        let engine: Engine
        do {
            engine = try Engine(sources: [SchemaSource(file: "example.yaml", text: example.schema)])
        } catch {
            throw Mismatch(code: code.rawValue, answer: "its schema does not load: \(error.description)")
        }
        let route = ConversionRoute(engine: engine, maxDepth: example.options.maxDepth, maxErrors: example.options.maxErrors,
                                    ruleBudget: example.options.ruleBudget, stats: ServiceStats(engine: engine))
        let response: HTTPResponse
        if let maxElementBytes = example.maxElementBytes, let model = engine.model(named: ErrorExample.model) {
            let conversion = ArrayConversion(model: model, options: example.options, maxElementBytes: maxElementBytes, output: Spool())
            let workspace = Workspace()
            Array(example.payload.utf8).withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
            guard case .failed(let errors) = conversion.finish(workspace: workspace) else {
                throw Mismatch(code: code.rawValue, answer: "the streamed array did not fail")
            }
            response = route.invalid(errors, schema: ErrorExample.model, pretty: false)
        } else {
            let head = RequestHead(method: "POST", path: "/convert/\(ErrorExample.model)", contentType: "application/json", requestID: "example")
            response = Array(example.payload.utf8).withUnsafeBufferPointer {
                route.convert($0, schema: ErrorExample.model, head: head)
            }
        }
        guard case .bytes(let bytes) = response.body else { throw Mismatch(code: code.rawValue, answer: "status \(response.status)") }
        let body = String(decoding: bytes, as: UTF8.self)
        guard let answer = try? JSONValue(parsing: body), case .array(let errors)? = answer["errors"],
              let entry = errors.first(where: { $0["code"] == .string(code.rawValue) }) else {
            throw Mismatch(code: code.rawValue, answer: body)
        }
        return Entry(code: code.rawValue, status: response.status, meaning: code.meaning, example: entry.jsonText)
    }

    /// A row of an error the service answers (its own, or the engine's inference codes).
    private static func entry(_ code: String, _ meaning: String, _ error: ServiceError) throws(Mismatch) -> Entry {
        guard error.code == code, let entry = error.entries.first else { throw Mismatch(code: code, answer: error.message) }
        return Entry(code: code, status: error.status, meaning: meaning, example: entry.jsonText)
    }
}
