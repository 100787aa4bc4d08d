/// A string type with a syntax of its own and one canonical text (SPEC §10): each is read from
/// a JSON string's decoded bytes and written back in its canonical form, or refused.
///
/// `strict` forms are the ones the format's standard writes (any letter case, since the output
/// is canonicalized anyway); lax mode adds the notations people send instead — surrounding
/// white space, braces and `urn:uuid:` around a UUID, Go-style durations, brackets around an
/// IPv6 address, a bare address as a one-host `cidr`.
public enum TextFormat: String, Sendable, Hashable, CaseIterable {
    case localDate, time, duration, uuid, email, ipv4, ipv6, ip, cidr, hostname

    /// The most bytes the canonical text can take, so a converter reserves room once.
    public var maxLength: Int {
        switch self {
        case .localDate: 10
        case .time: TimeOfDayText.maxLength
        case .duration: DurationText.maxLength
        case .uuid: 36
        case .email: EmailText.maxLength
        case .ipv4: 15
        case .ipv6, .ip: IPText.maxV6Length
        case .cidr: IPText.maxV6Length + 4
        case .hostname: HostnameText.maxLength
        }
    }

    /// Writes the canonical text of `text` to `out` (room for `maxLength` bytes) and returns the
    /// byte count, or nil when `text` is not in the format (in lax mode, none of its lax forms).
    public func write(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let range = lax ? ScalarASCII.trimmedRange(text) : 0..<text.count
        guard !range.isEmpty, range.count <= TextFormat.maxInput else { return nil }
        let body = UnsafeBufferPointer(rebasing: text[range])
        switch self {
        case .localDate: return LocalDateText.write(body, lax: lax, to: out)
        case .time: return TimeOfDayText.write(body, lax: lax, to: out)
        case .duration: return DurationText.parse(body, lax: lax)?.write(to: out)
        case .uuid: return UUIDText.write(body, lax: lax, to: out)
        case .email: return EmailText.write(body, to: out)
        case .ipv4: return IPText.address(body, lax: lax, v4: true, v6: false)?.write(to: out)
        case .ipv6: return IPText.address(body, lax: lax, v4: false, v6: true)?.write(to: out)
        case .ip: return IPText.address(body, lax: lax, v4: true, v6: true)?.write(to: out)
        case .cidr: return IPText.network(body, lax: lax)?.write(to: out)
        case .hostname: return HostnameText.write(body, lax: lax, to: out)
        }
    }

    /// The canonical text of `text` as a string, or nil: for load-time and export code, which
    /// may allocate.
    public func canonical(_ text: String, lax: Bool) -> String? {
        var input = Array(text.utf8)
        return input.withUnsafeMutableBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { out in
                guard let base = out.baseAddress,
                      let n = write(UnsafeBufferPointer(buffer), lax: lax, to: base) else { return nil }
                return String(decoding: UnsafeBufferPointer(start: base, count: n), as: UTF8.self)
            }
        }
    }

    /// No format's text is longer than this, white space included: longer input is refused
    /// before it is read.
    static let maxInput = 512
}
