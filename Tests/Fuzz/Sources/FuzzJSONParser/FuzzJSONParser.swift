import FuzzSupport
import MappingEngine

// Reused across inputs, as the service reuses a thread's tape.
nonisolated(unsafe) private let tape = JSONTape()
nonisolated(unsafe) private let scratch = JSONTape()

/// Parses arbitrary bytes; on success walks the document through its accessors and checks that
/// minified output round-trips (re-parses, re-minifies to itself, pretty-prints back).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    // A shallow limit may only turn an answer into `too_deep`; any other failure is the same one.
    let shallow: Result<Int, JSONSyntaxError>
    do throws(JSONSyntaxError) {
        shallow = .success(try JSONParser(maxDepth: 4).parse(input, into: scratch).nodes.count)
    } catch {
        shallow = .failure(error)
    }
    let document: JSONDocument
    do {
        document = try JSONParser().parse(input, into: tape)
    } catch {
        FuzzCheck.plausible(error, inputCount: size)
        switch shallow {
        case .success: fatalError("accepted with depth limit 4, rejected with 256: \(error)")
        case .failure(let other): FuzzCheck.require(other.code == JSONSyntaxError.tooDeep || other == error,
                                                    "depth limits 4 and 256 fail differently: \(other) / \(error)")
        }
        return 0
    }
    let count = document.nodes.count
    switch shallow {
    case .success(let nodes): FuzzCheck.require(nodes == count, "depth limits 4 and 256 give \(nodes) and \(count) nodes")
    case .failure(let error): FuzzCheck.require(error.code == JSONSyntaxError.tooDeep, "rejected only with depth limit 4: \(error)")
    }
    FuzzCheck.require(count > 0 && Int(document[0].end) == count, "root ends at \(document[0].end), tape holds \(count)")
    exerciseAccessors(document)

    var writer = JSONWriter(capacity: 64)
    defer { writer.deallocate() }
    writer.value(document, 0)
    let minified = writer.makeArray()
    FuzzCheck.require(minified.count <= size, "minified output (\(minified.count) bytes) longer than the input (\(size))")
    let tree = JSONValue(document)
    _ = document.text(0, limit: 40)

    // Everything below reuses `tape`, so `document` is dead from here on.
    let again = FuzzCheck.validJSON(minified, tape: scratch, "minified output")
    FuzzCheck.require(again == minified, "minifying is not idempotent")
    minified.withUnsafeBufferPointer { bytes in
        if let reparsed = try? JSONParser().parse(bytes, into: scratch) {
            FuzzCheck.require(JSONValue(reparsed) == tree, "minified output reads back as a different tree")
        }
        let pretty = JSONPrettyPrinter.format(bytes)
        let flat = FuzzCheck.validJSON(pretty, tape: scratch, "pretty-printed output")
        FuzzCheck.require(flat == minified, "pretty-printing changed the document")
    }
    FuzzCheck.validJSON(tree.jsonBytes, tape: scratch, "JSONValue.jsonBytes")
    return 0
}

/// Calls each accessor on the first nodes of the document, checking they agree with each other.
private func exerciseAccessors(_ document: JSONDocument) {
    // Bounded so that one large input does not cost a quadratic walk.
    for i in 0..<min(document.nodes.count, 256) {
        let node = document[i]
        switch node.kind {
        case .string:
            let decoded = document.decodedString(i)
            var utf8 = Array(decoded.utf8)
            let equal = utf8.withUnsafeBufferPointer { document.stringEquals(i, $0) }
            FuzzCheck.require(equal, "stringEquals disagrees with decodedString at node \(i)")
            let length = document.withDecodedString(i) { $0.count }
            FuzzCheck.require(length == utf8.count, "withDecodedString and decodedString differ at node \(i)")
            utf8.append(0x20)
            let longer = utf8.withUnsafeBufferPointer { document.stringEquals(i, $0) }
            FuzzCheck.require(!longer, "stringEquals accepts a longer string at node \(i)")
        case .object where node.length > 0:
            let key = document.decodedString(i + 1)
            let found = Array(key.utf8).withUnsafeBufferPointer { document.lastMember(of: i, named: $0) }
            FuzzCheck.require(found != nil, "lastMember misses the first key at node \(i)")
        case .array:
            let length = Int(node.length)
            FuzzCheck.require(document.element(of: i, at: length) == nil, "element past the end at node \(i)")
            if length > 0 {
                let last = document.element(of: i, at: length - 1)
                FuzzCheck.require(last.map { Int(document[$0].end) == Int(node.end) } ?? false,
                                  "the last element does not end with its array at node \(i)")
            }
        default:
            _ = document.content(i)
        }
    }
}
