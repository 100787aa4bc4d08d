#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Finds the end of an array element that arrives in pieces: the `,` after it at its own
/// level, or the bracket that closes its array, outside strings. Its state (nesting, whether
/// inside a string or just after a backslash) carries over from one piece to the next.
///
/// It counts brackets without matching their kinds: on malformed input it may end an element
/// early or late, and the parser, which reads the element afterwards, reports the error.
///
/// On x86-64 the bytes are read 64 at a time as bit masks (`ScannedBlock`, SSE2): the strings
/// are found for the whole block at once, and only brackets, and commas at the element's own
/// level, are then looked at one by one, so a flat object costs three steps (its brackets and
/// the comma after it) instead of one per quote and comma. A block with a backslash outside a string (malformed JSON) is read by the
/// byte loop, which every platform uses otherwise and the blocks must agree with.
struct ElementScanner {
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// The index in `bytes` of the byte that ends the element, or nil when the element goes on
    /// past them.
    mutating func end(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        #if arch(x86_64)
        var i = 0
        while i < bytes.count {
            let count = min(64, bytes.count - i)
            let block = count == 64 ? ScannedBlock(base + i) : ScannedBlock(tail: base + i, count: count)
            switch scan(block, count: count) {
            case .ended(let offset):
                return i + offset
            case .continues:
                break
            case .irregular:
                if let end = scanBytes(base, from: i, to: i + count) { return end }
            }
            i += count
        }
        return nil
        #else
        return scanBytes(base, from: 0, to: bytes.count)
        #endif
    }

    /// What reading a block found.
    private enum BlockEnd {
        /// The element ends at this offset in the block.
        case ended(Int)
        /// It goes on past the block; the state is the block's end's.
        case continues
        /// The block has a backslash outside a string: the byte loop reads it, from the state it began with.
        case irregular
    }

    /// Reads the first `count` bytes of a block (the rest are zero).
    ///
    /// Escaped bytes are those after a backslash that is not escaped itself, worked out from
    /// the backslashes in order (they are rare); the strings are then the prefix XOR of the
    /// unescaped quotes, a bit set from an opening quote up to its closing one. That holds only
    /// when every backslash is inside a string, which is checked.
    private mutating func scan(_ block: ScannedBlock, count: Int) -> BlockEnd {
        var escapedBits: UInt64 = escaped ? 1 : 0
        var escapesNext = false
        var backslashes = block.backslashes
        while backslashes != 0 {
            let at = backslashes.trailingZeroBitCount
            backslashes &= backslashes &- 1
            let bit: UInt64 = 1 &<< UInt64(at)
            if escapedBits & bit != 0 { continue }
            if at == count &- 1 { escapesNext = true } else { escapedBits |= bit &<< 1 }
        }
        var strings = ElementScanner.prefixXOR(block.quotes & ~escapedBits)
        if inString { strings = ~strings }
        guard block.backslashes & ~strings == 0 else { return .irregular }

        let outside = ~strings
        let opens = block.opens & outside
        let commas = block.commas & outside
        var depth = self.depth
        // Brackets, and commas only while at the element's own level.
        var steps = opens | block.closes & outside | (depth == 0 ? commas : 0)
        while steps != 0 {
            let at = steps.trailingZeroBitCount
            let bit: UInt64 = 1 &<< UInt64(at)
            steps &= steps &- 1
            if opens & bit != 0 {
                if depth == 0 { steps &= ~commas }
                depth += 1
            } else if depth == 0 {
                self.depth = 0
                inString = false
                escaped = false
                return .ended(at)
            } else {
                depth -= 1
                // Back at the element's level: the commas after this bracket count again.
                if depth == 0 { steps |= commas & ~(bit &- 1) }
            }
        }
        self.depth = depth
        inString = strings & (1 &<< UInt64(count &- 1)) != 0
        escaped = escapesNext
        return .continues
    }

    /// Bit i set when an odd number of bits of `x` are set at or below i.
    @inline(__always)
    private static func prefixXOR(_ x: UInt64) -> UInt64 {
        var x = x
        x ^= x &<< 1
        x ^= x &<< 2
        x ^= x &<< 4
        x ^= x &<< 8
        x ^= x &<< 16
        x ^= x &<< 32
        return x
    }

    /// The byte loop: the end of the element among `base[from..<to]` as an index from `base`,
    /// or nil with the state at `to`.
    ///
    /// The state is kept in locals while the bytes are read (stored properties of a mutating
    /// method are written back to memory at every change). Outside strings as inside, text is
    /// skipped 8 bytes at a time up to the first byte that may matter: `"` and `\` inside a
    /// string; `"`, `,` and brackets outside. Each mask is exact at its lowest marked byte, and so
    /// is their union, whose lowest marked byte is the one looked at.
    private mutating func scanBytes(_ base: UnsafePointer<UInt8>, from start: Int, to count: Int) -> Int? {
        var depth = self.depth
        var inString = self.inString
        var escaped = self.escaped
        defer {
            self.depth = depth
            self.inString = inString
            self.escaped = escaped
        }
        var i = start
        while i < count {
            if inString {
                if escaped {
                    escaped = false
                    i += 1
                    continue
                }
                i = ElementScanner.skip(base, from: i, count: count) { word in
                    JSONStringCodec.matches(word, UInt8(ascii: "\"")) | JSONStringCodec.matches(word, UInt8(ascii: "\\"))
                }
                guard i < count else { break }
                switch base[i] {
                case UInt8(ascii: "\""): inString = false
                case UInt8(ascii: "\\"): escaped = true
                default: break
                }
                i += 1
                continue
            }
            i = ElementScanner.skip(base, from: i, count: count) { word in
                // `{` and `[`, `}` and `]` differ only in the bit 0x20.
                let folded = word | 0x2020_2020_2020_2020
                return JSONStringCodec.matches(word, UInt8(ascii: "\"")) | JSONStringCodec.matches(word, UInt8(ascii: ","))
                    | JSONStringCodec.matches(folded, UInt8(ascii: "{")) | JSONStringCodec.matches(folded, UInt8(ascii: "}"))
            }
            guard i < count else { break }
            switch base[i] {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return i }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return i }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// From `start`, 8 bytes at a time, the index of the first word's lowest byte that `marks`
    /// marks (its high bit set), or of the last 0–7 bytes when no word has one.
    @inline(__always)
    private static func skip(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, _ marks: (UInt64) -> UInt64) -> Int {
        var i = start
        while count - i >= 8 {
            let mask = marks(JSONStringCodec.load8(base + i)) & 0x8080_8080_8080_8080
            if mask != 0 { return i + mask.trailingZeroBitCount &>> 3 }
            i += 8
        }
        return i
    }
}

#if arch(x86_64)
/// 64 bytes as bit masks, bit i for byte i: quotes, backslashes, opening and closing brackets
/// and commas, each four SSE2 compares of 16 bytes.
private struct ScannedBlock {
    var quotes: UInt64 = 0
    var backslashes: UInt64 = 0
    var opens: UInt64 = 0
    var closes: UInt64 = 0
    var commas: UInt64 = 0

    @inline(__always)
    init(_ bytes: UnsafePointer<UInt8>) {
        // `{` and `[`, `}` and `]` differ only in the bit 0x20.
        let quote = _mm_set1_epi8(CChar(bitPattern: UInt8(ascii: "\"")))
        let backslash = _mm_set1_epi8(CChar(bitPattern: UInt8(ascii: "\\")))
        let open = _mm_set1_epi8(CChar(bitPattern: UInt8(ascii: "{")))
        let close = _mm_set1_epi8(CChar(bitPattern: UInt8(ascii: "}")))
        let comma = _mm_set1_epi8(CChar(bitPattern: UInt8(ascii: ",")))
        let fold = _mm_set1_epi8(0x20)
        for part in 0..<4 {
            let v = _mm_loadu_si128(UnsafeRawPointer(bytes + 16 &* part).assumingMemoryBound(to: __m128i.self))
            let folded = _mm_or_si128(v, fold)
            let shift = UInt64(16 &* part)
            quotes |= ScannedBlock.bits(_mm_cmpeq_epi8(v, quote)) &<< shift
            backslashes |= ScannedBlock.bits(_mm_cmpeq_epi8(v, backslash)) &<< shift
            opens |= ScannedBlock.bits(_mm_cmpeq_epi8(folded, open)) &<< shift
            closes |= ScannedBlock.bits(_mm_cmpeq_epi8(folded, close)) &<< shift
            commas |= ScannedBlock.bits(_mm_cmpeq_epi8(v, comma)) &<< shift
        }
    }

    /// The first `count` (under 64) bytes at `bytes`, the rest read as zero, which matches nothing.
    init(tail bytes: UnsafePointer<UInt8>, count: Int) {
        var padded: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        self = withUnsafeMutableBytes(of: &padded) { buffer in
            buffer.baseAddress.unsafelyUnwrapped.copyMemory(from: bytes, byteCount: count)
            return ScannedBlock(buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self))
        }
    }

    @inline(__always)
    private static func bits(_ compared: __m128i) -> UInt64 {
        UInt64(UInt16(truncatingIfNeeded: _mm_movemask_epi8(compared)))
    }
}
#endif
