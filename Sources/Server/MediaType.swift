import Foundation

/// What a request's `Content-Type` says the body is.
enum MediaType: Equatable {
    case json
    case ndjson
    case unsupported(String)

    /// No `Content-Type` means JSON; `application/json` and `application/*+json` are JSON,
    /// `application/x-ndjson` and `application/ndjson` are newline-delimited JSON.
    init(contentType: String?) {
        guard let contentType else {
            self = .json
            return
        }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = essence.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "application/json": self = .json
        case "application/x-ndjson", "application/ndjson": self = .ndjson
        case _ where type.hasPrefix("application/") && type.hasSuffix("+json") && !type.contains("/+"): self = .json
        default: self = .unsupported(contentType)
        }
    }
}
