import Foundation

/// An IANA time zone's offsets as a table, so a conversion finds a local time's offset by a
/// binary search instead of a call into Foundation.
///
/// Built once at load from the system's zone data (Foundation's `TimeZone`, which reads the
/// tzdata files or ICU's copy of them); the table covers 1800–2200, where every zone's rules
/// are known, and an instant outside it asks `TimeZone` itself.
public final class ZoneRules: Sendable {
    public let identifier: String
    private let zone: TimeZone
    /// UTC seconds at which the offset changes, ascending.
    private let transitions: [Int64]
    /// `offsets[i]` is in effect before `transitions[i]`; the last one after the last transition.
    private let offsets: [Int32]
    private static let tableStart: Int64 = -5_364_662_400  // 1800-01-01T00:00:00Z
    private static let tableEnd: Int64 = 7_258_118_400  // 2200-01-01T00:00:00Z

    /// The rules of the zone named `identifier` (`Europe/Berlin`); nil when the system does not
    /// know it. Abbreviations (`CET`, `EST`) and fixed offsets (`GMT+2`) are refused: they are
    /// not IANA zone names, and their meaning differs between systems.
    public init?(identifier: String) {
        guard ZoneRules.isKnown(identifier), let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
        var transitions: [Int64] = []
        var offsets: [Int32] = [Int32(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(ZoneRules.tableStart))))]
        var cursor = Date(timeIntervalSince1970: TimeInterval(ZoneRules.tableStart))
        // A zone changes its offset at most a few times a year; the cap only bounds a broken table.
        while transitions.count < 4_000, let next = zone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 < TimeInterval(ZoneRules.tableEnd) {
            let offset = Int32(zone.secondsFromGMT(for: next))
            if offset != offsets[offsets.count - 1] {
                transitions.append(Int64(next.timeIntervalSince1970.rounded(.down)))
                offsets.append(offset)
            }
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// Whether `identifier` names an IANA zone the system knows, cheaply (no table is built).
    public static func isKnown(_ identifier: String) -> Bool {
        (identifier == "UTC" || identifier.contains("/")) && !identifier.hasPrefix("Etc/GMT+")
            && !identifier.hasPrefix("Etc/GMT-") && TimeZone(identifier: identifier) != nil
    }

    /// The offset (local minus UTC, in seconds) in effect at the UTC second `utc`.
    public func offset(atUTC utc: Int64) -> Int {
        guard utc >= ZoneRules.tableStart, utc < ZoneRules.tableEnd else {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
        }
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= utc { low = middle + 1 } else { high = middle }
        }
        return Int(offsets[low])
    }

    /// The offset of the local time `local` (seconds since 1970-01-01T00:00 on the zone's wall
    /// clock): nil when the zone skips that time (a daylight-saving gap); when the clock shows it
    /// twice (the hour after daylight saving ends), the earlier of the two, i.e. the offset in
    /// effect before the change.
    public func offset(atLocal local: Int64) -> Int? {
        // The offsets a local time can have are those in effect within a day of it.
        var best: Int?
        for day: Int64 in -1...1 {
            let candidate = offset(atUTC: local + day * 86_400)
            if offset(atUTC: local - Int64(candidate)) == candidate, best.map({ candidate > $0 }) ?? true { best = candidate }
        }
        return best
    }
}
