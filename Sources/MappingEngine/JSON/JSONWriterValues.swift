/// Whole values of a parsed document re-emitted minified: the structure (brackets, separators,
/// keys) walked iteratively over the tape, the scalars by the string and raw writers.
extension JSONWriter {
    /// Appends the subtree at node `i` of `doc` as minified JSON: numbers as their literal text,
    /// strings canonical.
    ///
    /// Minified canonical output is never longer than the input text it comes from (escapes only
    /// shrink or keep their size), so one reservation covers the whole subtree and the loop
    /// writes through a raw pointer without further capacity checks.
    public mutating func value(_ doc: JSONDocument, _ i: Int) {
        // 32 bytes of slack let short copies move whole 8-byte words past the exact end.
        reserve(doc.input.count - Int(doc.nodes[i].start) + 32)
        used = Self.writeMinified(doc, i, storage + used) - storage
    }

    /// Writes the subtree at `root` minified from `start`, with room already reserved; returns
    /// the end of the output.
    ///
    /// Iterative over the tape: open containers live on a small stack buffer that moves to the
    /// heap only for documents nested deeper than it, so no depth can exhaust the call stack.
    static func writeMinified(
        _ doc: JSONDocument, _ root: Int, _ start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        OpenContainers.with { open in
            var out = start
            let nodes = doc.nodes
            let base = doc.base
            let inputEnd = base + doc.input.count
            var i = root
            while true {
                let node = nodes[i]
                switch node.kind {
                case .string:
                    out = putString(node, base, inputEnd, out)
                    i &+= 1
                case .number, .true, .false, .null:
                    out = putRaw(base + Int(node.start), Int(node.length), inputEnd, out)
                    i &+= 1
                case .array, .object:
                    let isObject = node.kind == .object
                    out[0] = isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
                    if node.length == 0 {
                        out[1] = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                        out += 2
                        i &+= 1
                    } else {
                        out += 1
                        open.push(end: node.end, isObject: isObject)
                        i &+= 1
                        if isObject {
                            out = putString(nodes[i], base, inputEnd, out)
                            out[0] = UInt8(ascii: ":")
                            out += 1
                            i &+= 1
                        }
                        continue
                    }
                }
                // A value ended: close finished containers or write the separator for the next one.
                while open.depth > 0 {
                    let top = open.top
                    if i == top.end {
                        out[0] = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                        out += 1
                        open.pop()
                        continue
                    }
                    out[0] = UInt8(ascii: ",")
                    out += 1
                    if top.isObject {
                        out = putString(nodes[i], base, inputEnd, out)
                        out[0] = UInt8(ascii: ":")
                        out += 1
                        i &+= 1
                    }
                    break
                }
                if open.depth == 0 { return out }
            }
        }
    }

    /// Writes the subtree at `root` like `value`, but checking capacity per node and stopping at
    /// a node boundary once `count` reaches `stopAfter`; returns whether all of it was written.
    ///
    /// For bounded previews of possibly huge values, where reserving the whole bound up front
    /// would waste memory.
    @discardableResult
    mutating func writeValue(_ doc: JSONDocument, _ root: Int, stopAfter: Int) -> Bool {
        OpenContainers.with { open in
            var i = root
            let nodes = doc.nodes
            while true {
                if used >= stopAfter { return false }
                let node = nodes[i]
                switch node.kind {
                case .string:
                    string(doc, i)
                    i &+= 1
                case .number, .true, .false, .null:
                    bytes(doc.base + Int(node.start), count: Int(node.length))
                    i &+= 1
                case .array, .object:
                    let isObject = node.kind == .object
                    if node.length == 0 {
                        if isObject { ascii("{}") } else { ascii("[]") }
                        i &+= 1
                    } else {
                        byte(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                        open.push(end: node.end, isObject: isObject)
                        i &+= 1
                        if isObject {
                            string(doc, i)
                            byte(UInt8(ascii: ":"))
                            i &+= 1
                        }
                        continue
                    }
                }
                // A value ended: close finished containers or write the separator for the next one.
                while open.depth > 0 {
                    let top = open.top
                    if i == top.end {
                        byte(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        open.pop()
                        continue
                    }
                    byte(UInt8(ascii: ","))
                    if top.isObject {
                        string(doc, i)
                        byte(UInt8(ascii: ":"))
                        i &+= 1
                    }
                    break
                }
                if open.depth == 0 { return true }
            }
        }
    }
}
