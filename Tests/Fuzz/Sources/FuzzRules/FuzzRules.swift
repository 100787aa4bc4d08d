import FuzzSupport
import MappingEngine

/// An expression (the bytes up to the first newline) put in a schema three ways — a rule over
/// a model's converted fields, a `transform` of a raw value, a discriminator's `when` predicate —
/// and the rest of the input converted with each: parse, check, cost bound and evaluation over
/// arbitrary documents. A refused expression must be named with its kind and a column inside
/// it; a conversion must answer (success, errors or malformed), never crash, hang or leak.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    let split = input.firstIndex(of: UInt8(ascii: "\n")) ?? size
    let expression = String(decoding: UnsafeBufferPointer(rebasing: input[..<split]), as: UTF8.self)
    let document = Array(input[min(split + 1, size)...])
    let quoted = JSONValue.string(expression).jsonText
    let schema = """
        {"M": {"properties": {"n": "int64", "u": "uint64", "d": "decimal", "x": "double", "s": {"type": "string", "maxLength": 64},
                              "b": "bool", "t": "date", "l": {"type": "array<int64>", "maxItems": 16},
                              "m": {"type": "map<string>", "maxItems": 16}, "o": "N", "a": "any"},
               "rules": [\(quoted)]},
         "T": {"properties": {"v": {"type": "string", "transform": \(quoted)}, "w": "any"}},
         "P": {"discriminator": {"when": [{"if": \(quoted), "model": "N"}], "fallback": "T"}, "properties": {"k": "string"}},
         "N": {"properties": {"k": "string", "i": "int32"}}}
        """
    let engine: Engine
    do throws(SchemaErrors) {
        engine = try Engine(sources: [SchemaSource(file: "fuzz.json", text: schema)])
    } catch {
        for error in error.errors {
            guard let location = error.expression else { continue }
            FuzzCheck.require(location.column >= 1 && location.column <= expression.unicodeScalars.count + 1,
                              "column \(location.column) outside an expression of \(expression.unicodeScalars.count) scalars: \(error)")
            FuzzCheck.require(!error.message.isEmpty, "a refusal without a message")
        }
        return 0
    }
    for model in ["M", "T", "P"] {
        switch engine.convert(document, model: model, options: ConversionOptions(ruleBudget: 100_000)) {
        case .success, .failure, .malformed: break
        case .unknownModel(let name): FuzzCheck.require(false, "model \(name) vanished")
        }
    }
    return 0
}
