/// What a request's `Content-Type` says the body is.
enum MediaType: Equatable {
    case json
    case ndjson
    /// A schema file in YAML, for `PUT /schemas/{Model}`.
    case yaml
    case unsupported(String)

    /// No `Content-Type` means JSON; `application/json` and `application/*+json` are JSON,
    /// `application/x-ndjson` and `application/ndjson` are newline-delimited JSON. Types compare
    /// without regard to ASCII case; parameters after `;` and the blanks around the type are ignored.
    init(contentType: String?) {
        guard let contentType else {
            self = .json
            return
        }
        // What nearly every request sends, compared whole before it is taken apart.
        if contentType == "application/json" {
            self = .json
            return
        }
        // Read as bytes: this runs on every request.
        var text = contentType
        self = text.withUTF8 { bytes in
            let type = MediaType.essence(of: bytes)
            if type.equals(ignoringCase: "application/json") { return .json }
            if type.equals(ignoringCase: "application/x-ndjson") || type.equals(ignoringCase: "application/ndjson") { return .ndjson }
            if type.equals(ignoringCase: "application/yaml") || type.equals(ignoringCase: "application/x-yaml") || type.equals(ignoringCase: "text/yaml") {
                return .yaml
            }
            if type.hasPrefix(ignoringCase: "application/"), MediaType.isStructuredJSON(subtype: type.dropFirst(12)) { return .json }
            return .unsupported(contentType)
        }
    }

    /// A structured-syntax subtype such as `vnd.api+json`: a name, then `+json`.
    private static func isStructuredJSON(subtype: Bytes) -> Bool {
        subtype.count > 5 && subtype.hasSuffix(ignoringCase: "+json") && !subtype.contains(UInt8(ascii: "/"))
    }

    /// The `type/subtype` part: before any `;`, without surrounding spaces and tabs.
    private static func essence(of contentType: UnsafeBufferPointer<UInt8>) -> Bytes {
        var essence = contentType[..<(contentType.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex)]
        while let first = essence.first, first == 0x20 || first == 0x09 { essence = essence.dropFirst() }
        while let last = essence.last, last == 0x20 || last == 0x09 { essence = essence.dropLast() }
        return essence
    }

    fileprivate typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>
}

private extension Slice where Base == UnsafeBufferPointer<UInt8> {
    /// Equal to the lowercase ASCII `text`, ignoring ASCII case.
    func equals(ignoringCase text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && hasPrefix(ignoringCase: text)
    }

    /// Begins with the lowercase ASCII `text`, ignoring ASCII case.
    func hasPrefix(ignoringCase text: StaticString) -> Bool {
        guard count >= text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            zip(self, expected).allSatisfy { byte, lowercase in (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == lowercase }
        }
    }

    /// Ends with the lowercase ASCII `text`, ignoring ASCII case.
    func hasSuffix(ignoringCase text: StaticString) -> Bool {
        guard count >= text.utf8CodeUnitCount else { return false }
        return dropFirst(count - text.utf8CodeUnitCount).hasPrefix(ignoringCase: text)
    }
}
