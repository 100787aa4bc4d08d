import Testing
@testable import MappingEngine

/// `WrittenObject.scan`: each field's member and value found in an object as the writer writes it.
@Suite struct WrittenObjectTests {
    static func spans(_ text: String, fields: [String]) -> (spans: [String?], tail: Int) {
        let keys = FieldKeys()
        for name in fields { keys.append(JSONValue.string(name).jsonBytes + [UInt8(ascii: ":")]) }
        let bytes = Array(text.utf8)
        let spans = UnsafeMutablePointer<Int>.allocate(capacity: fields.count * 3)
        defer { spans.deallocate() }
        let tail = bytes.withUnsafeBufferPointer { WrittenObject.scan($0, keys: keys, into: spans) }
        let values = (0..<fields.count).map { field -> String? in
            let start = spans[field * 3 + 1]
            guard start >= 0 else { return nil }
            #expect(bytes[spans[field * 3]] == UInt8(ascii: "\""), "a member starts at its key's quote")
            return String(decoding: bytes[start..<spans[field * 3 + 2]], as: UTF8.self)
        }
        return (values, tail)
    }

    @Test func findsEveryKindOfValueAndSkipsAbsentFields() {
        let text = #"{"a":1.50,"c":"x\"y\\","d":{"k":["}",{"]":"\""}]},"e":[1,[2,"]"]],"f":null,"g":true}"#
        let (values, tail) = Self.spans(text, fields: ["a", "b", "c", "d", "e", "f", "g"])
        #expect(values == ["1.50", nil, #""x\"y\\""#, #"{"k":["}",{"]":"\""}]}"#, #"[1,[2,"]"]]"#, "null", "true"])
        #expect(tail == text.utf8.count - 1)
    }

    @Test func keptMembersAfterTheFieldsAreWhereComputedOnesGo() {
        let text = #"{"a":"1","zz":2,"yy":"3"}"#
        let (values, tail) = Self.spans(text, fields: ["a", "b"])
        #expect(values == [#""1""#, nil])
        #expect(Array(text.utf8)[tail] == UInt8(ascii: "\""))
        #expect(tail == 9)
    }

    @Test func anEmptyObjectHasNoFields() {
        let (values, tail) = Self.spans("{}", fields: ["a"])
        #expect(values == [nil])
        #expect(tail == 1)
    }

    @Test func keysThatArePrefixesOfOthersAreToldApart() {
        let (values, _) = Self.spans(#"{"ab":1,"a":2}"#, fields: ["ab", "a"])
        #expect(values == ["1", "2"])
    }
}
