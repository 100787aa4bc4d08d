/// Strings, quoted and escaped canonically: from Swift text, from raw UTF-8, and from a parsed
/// document's string nodes (copied as they are when they hold no escape).
extension JSONWriter {
    /// Appends `s` as a quoted JSON string, escaped canonically.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// Appends UTF-8 text as a quoted JSON string: `"`, `\` and control characters are escaped
    /// (`\b \f \n \r \t`, otherwise `\u00XX`); everything else, including non-ASCII, is verbatim.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        // Room for the text as is; each escape, being rare, checks for its extra bytes itself.
        reserve(n &+ 2)
        var out = storage + used
        out[0] = 0x22
        out += 1
        if let src = utf8.baseAddress {
            var i = 0
            while i < n {
                var j = i
                while n &- j >= 8 {
                    let mask = JSONStringCodec.escapeMask(JSONStringCodec.load8(src + j))
                    if mask != 0 {
                        j &+= mask.trailingZeroBitCount &>> 3
                        break
                    }
                    j &+= 8
                }
                while j < n {
                    let c = src[j]
                    if c < 0x20 || c == 0x22 || c == 0x5C { break }
                    j &+= 1
                }
                out.update(from: src + i, count: j &- i)
                out += j &- i
                if j < n {
                    // This escape (up to 6 bytes), the rest of the text and the closing quote.
                    let needed = 6 &+ (n &- j)
                    if capacity &- (out - storage) < needed {
                        used = out - storage
                        grow(needed)
                        out = storage + used
                    }
                    out += JSONStringCodec.writeEscape(src[j], out)
                    j &+= 1
                }
                i = j
            }
        }
        out[0] = 0x22
        used = out + 1 - storage
    }

    /// Appends string node `i` of `doc` quoted and canonically escaped (`"\u0061"` becomes `"a"`,
    /// `"\/"` becomes `"/"`); text without escapes is copied as is.
    @inline(__always)
    public mutating func string(_ doc: JSONDocument, _ i: Int) {
        let node = doc.nodes[i]
        // 16 bytes of slack for `putRaw`'s word-sized copies.
        reserve(Int(node.length) &+ 18)
        used = Self.putString(node, doc.base, doc.base + doc.input.count, storage + used) - storage
    }

    /// Writes a string node quoted and canonical at `out`; returns the end of the output.
    @inline(__always)
    static func putString(
        _ node: JSONNode, _ base: UnsafePointer<UInt8>, _ inputEnd: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        out[0] = 0x22
        let raw = base + Int(node.start)
        var o = out + 1
        if node.flags & JSONNode.hasEscapes == 0 {
            o = putRaw(raw, Int(node.length), inputEnd, o)
        } else {
            o += JSONStringCodec.unescape(raw, count: Int(node.length), into: o, canonical: true)
        }
        o[0] = 0x22
        return o + 1
    }

    /// Copies `length` bytes from `src` to `out`; returns the end of the output.
    ///
    /// Up to 16 bytes move as two 8-byte words when the input has 16 readable bytes at `src`;
    /// the output side always has that much slack reserved.
    @inline(__always)
    static func putRaw(
        _ src: UnsafePointer<UInt8>, _ length: Int, _ inputEnd: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        if length <= 16 && inputEnd - src >= 16 {
            let raw = UnsafeMutableRawPointer(out)
            raw.storeBytes(of: UnsafeRawPointer(src).loadUnaligned(as: UInt64.self), as: UInt64.self)
            raw.storeBytes(of: UnsafeRawPointer(src + 8).loadUnaligned(as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        } else if length > 16 && length <= 64 {
            copyMedium(UnsafeRawPointer(src), UnsafeMutableRawPointer(out), length)
        } else {
            out.update(from: src, count: length)
        }
        return out + length
    }
}
