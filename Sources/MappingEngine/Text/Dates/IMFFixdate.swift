import Foundation

/// IMF-fixdate text (RFC 9110 §5.6.7), `Mon, 01 Jul 2024 07:30:00 GMT`, as HTTP headers take it
/// (`Sunset`): written by `DateFormWriter`, as the `http` date form is, whole seconds.
public enum IMFFixdate {
    public static func text(_ date: Date) -> String {
        var out = JSONWriter(capacity: 32)
        defer { out.deallocate() }
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        DateFormWriter.write(.init(seconds: seconds, nanoseconds: 0), .http, to: &out)
        // The form is written as a JSON string: its quotes are left out.
        return out.withBytes { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
    }
}
