import ConvertdHTTP
import MappingEngine

/// `POST /infer?model=NAME[&format=yaml|json]`: the schema file inferred from the body's samples
/// — one JSON object, an array of objects, or NDJSON lines with `Content-Type: application/x-ndjson`
/// — the same text `convertd infer` prints.
///
/// The body is collected whole, NDJSON included, under the JSON body limit; the inference's own
/// limits (`InferenceLimits`) bound what any body can cost beyond that.
struct InferRoute: Sendable {
    let maxDepth: Int

    /// The content type of each format.
    static func contentType(_ format: SchemaInference.Format) -> String {
        switch format {
        case .yaml: "application/yaml; charset=utf-8"
        case .json: "application/json"
        }
    }

    /// 200 with the schema file; 400 `invalid_model_name`, `invalid_option`, `bad_json`,
    /// `too_deep` or `empty_body`; 422 `no_samples` or `too_complex`.
    func infer(_ body: UnsafeBufferPointer<UInt8>, head: RequestHead) -> HTTPResponse {
        var format = SchemaInference.Format.yaml
        if let name = head.query("format") {
            guard let chosen = SchemaInference.Format(rawValue: name) else {
                return ServiceError.invalidOption(name: "format", value: name, expected: "yaml or json").response
            }
            format = chosen
        }
        guard let model = head.query("model"), !model.isEmpty else {
            return ServiceError.inference(InferenceError(.invalidModelName, "name the model to infer: ?model=NAME")).response
        }
        do throws(InferenceError) {
            var inference = try SchemaInference(model: model)
            try SampleReader.add(body, ndjson: MediaType(contentType: head.contentType) == .ndjson, maxDepth: maxDepth, to: &inference)
            let text = try inference.schema(format)
            return HTTPResponse(status: 200, body: .bytes(Array(text.utf8)), contentType: InferRoute.contentType(format))
        } catch {
            // A body that is not JSON is answered as `/convert` answers it, with its position.
            if let syntax = error.syntax { return ServiceError.malformed(syntax).response }
            return ServiceError.inference(error).response
        }
    }
}
