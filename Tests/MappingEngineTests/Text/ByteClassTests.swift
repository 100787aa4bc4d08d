@testable import MappingEngine
import TestSupport
import Testing

/// Every fast byte table of the engine, rebuilt from `RFCByteClasses` (the one declaration of
/// the RFCs' classes, shared with the transport's tests) and compared for all 256 byte values.
@Suite("Byte classes")
struct ByteClassTests {
    /// The bytes, of all 256, for which `isIn` holds.
    static func table(_ isIn: (UInt8) -> Bool) -> Set<UInt8> {
        Set((UInt8.min...UInt8.max).filter(isIn))
    }

    /// `expected` against `actual`, naming the bytes that differ.
    static func expectSame(_ actual: Set<UInt8>, _ expected: Set<UInt8>, _ name: String) {
        let wrong = actual.symmetricDifference(expected).sorted()
        #expect(wrong.isEmpty, "\(name) differs from the RFC at bytes \(wrong.map { "0x" + String($0, radix: 16) })")
    }

    // MARK: URLs (RFC 3986)

    @Test func theFullPathsBitSetsAreRFC3986sClasses() {
        let classes: [(URLText.Component, Set<UInt8>)] = [
            (.userinfo, RFCByteClasses.userinfo), (.host, RFCByteClasses.regName), (.path, RFCByteClasses.path),
            (.query, RFCByteClasses.query), (.fragment, RFCByteClasses.fragment),
        ]
        for (component, expected) in classes {
            let (low, high) = URLText.allowedMask(component)
            // Bytes from 0x80 on never reach the bit set: they are checked as UTF-8 instead.
            let actual = Self.table { $0 < 64 ? (low >> UInt64($0)) & 1 != 0 : $0 < 128 && (high >> UInt64($0 - 64)) & 1 != 0 }
            Self.expectSame(actual, expected, "\(component)")
        }
    }

    @Test func unreservedAndSubDelimitersAreRFC3986s() {
        Self.expectSame(Self.table(URLText.isUnreserved), RFCByteClasses.unreserved, "isUnreserved")
        Self.expectSame(Self.table(URLText.isSubDelimiter), RFCByteClasses.subDelims, "isSubDelimiter")
    }

    @Test func theFastPathsTablesArePlainHostsAndRFC3986Queries() {
        let hostAndPath = URLText.plainHostAndPathBytes.utf8Start
        let query = URLText.plainQueryBytes.utf8Start
        #expect(URLText.plainHostAndPathBytes.utf8CodeUnitCount == 256 && URLText.plainQueryBytes.utf8CodeUnitCount == 256)
        Self.expectSame(Self.table { hostAndPath[Int($0)] == UInt8(ascii: "1") },
                        RFCByteClasses.plainHost.union(RFCByteClasses.bytes("/")), "plainHostAndPathBytes")
        Self.expectSame(Self.table { query[Int($0)] == UInt8(ascii: "1") }, RFCByteClasses.query, "plainQueryBytes")
    }

    @Test func theFastPathsVectorRangesAreItsTables() {
        /// Whether every lane of 16 copies of `byte` is allowed by `lanes`.
        func allLanes(_ byte: UInt8, _ lanes: (UnsafePointer<UInt8>) -> SIMD16<UInt8>) -> Bool {
            let bytes = [UInt8](repeating: byte, count: 16)
            let mask = bytes.withUnsafeBufferPointer { lanes($0.baseAddress!) }
            #expect(mask == SIMD16(repeating: 0) || mask == SIMD16(repeating: 0xFF), "byte \(byte): lanes disagree")
            return mask == SIMD16(repeating: 0xFF)
        }
        Self.expectSame(Self.table { allLanes($0, URLText.hostOrPathLanes) },
                        RFCByteClasses.plainHost.union(RFCByteClasses.bytes("/")), "hostOrPathLanes")
        Self.expectSame(Self.table { allLanes($0, URLText.queryLanes) }, RFCByteClasses.query, "queryLanes")
    }

    // MARK: JSON (RFC 8259)

    /// Where `mask` (high bit per byte, exact at its lowest marked byte) marks its first byte.
    static func firstMarked(_ mask: UInt64) -> Int? {
        mask == 0 ? nil : mask.trailingZeroBitCount >> 3
    }

    /// Plain text (`a`) with `byte` at `place`: what the masks see at every lane.
    static func text(_ byte: UInt8, at place: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
        bytes[place] = byte
        return bytes
    }

    @Test func theParsersStringStopsAreTheBytesRFC8259DoesNotTakeAsTheyAre() {
        // The parser's fast path takes ASCII `unescaped` bytes; it stops at the others, and at
        // every byte from 0x80 on, which it checks as UTF-8.
        let stops = Self.table { _ in true }.subtracting(RFCByteClasses.jsonUnescaped.filter { $0 < 0x80 })
        for place in 0..<16 {
            Self.expectSame(Self.table { byte in
                Self.text(byte, at: place).withUnsafeBufferPointer { bytes in
                    let (low, high) = JSONStringCodec.parserStopMask16(bytes.baseAddress!)
                    let first = Self.firstMarked(low) ?? Self.firstMarked(high).map { $0 + 8 }
                    #expect(first == nil || first == place, "byte \(byte) at \(place) marked at \(first!)")
                    return first == place
                }
            }, stops, "parserStopMask16 at \(place)")
        }
        Self.expectEveryPlace(of: JSONStringCodec.parserStopMask, toMark: stops, "parserStopMask")
    }

    @Test func theWritersEscapesAreTheBytesRFC8259DoesNotTakeAsTheyAre() {
        let escaped = Self.table { _ in true }.subtracting(RFCByteClasses.jsonUnescaped)
        Self.expectEveryPlace(of: JSONStringCodec.escapeMask, toMark: escaped, "escapeMask")
    }

    /// An 8-byte word mask marks first, wherever in the word they stand, exactly the bytes of `expected`.
    static func expectEveryPlace(of mask: (UInt64) -> UInt64, toMark expected: Set<UInt8>, _ name: String) {
        for place in 0..<8 {
            let marked = table { byte in
                text(byte, at: place).withUnsafeBufferPointer { firstMarked(mask(JSONStringCodec.load8($0.baseAddress!))) == place }
            }
            expectSame(marked, expected, "\(name) at \(place)")
        }
    }

    @Test func theParsersWhiteSpaceIsRFC8259s() {
        // One byte, then a value: the skip moves past the byte exactly when it is white space.
        let skipped = Self.table { byte in
            [byte, UInt8(ascii: "1")].withUnsafeBufferPointer { bytes in
                var p = bytes.baseAddress!
                JSONParser.skipWhitespace(&p, bytes.baseAddress! + 2)
                return p == bytes.baseAddress! + 1
            }
        }
        Self.expectSame(skipped, RFCByteClasses.jsonWhitespace, "skipWhitespace")
        Self.expectSame(Self.table(JSONParser.isTabOrLineBreak).union([UInt8(ascii: " ")]), RFCByteClasses.jsonWhitespace,
                        "isTabOrLineBreak and the space")
    }
}
