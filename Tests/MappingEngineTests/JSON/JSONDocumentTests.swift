import MappingEngine
import Testing

/// `JSONDocument` lookups, decoding and re-serialized text.
@Suite("JSONDocument")
struct JSONDocumentTests {
    @Test("lastMember: last duplicate wins, escaped keys match, absent keys are nil")
    func lastMember() throws {
        let json = #"{"a":1,"b":{"c":[]},"\u0061":2,"long key over eight bytes":3,"a\"q":4}"#
        try JSONTestSupport.withDocument(json) { doc in
            func member(_ name: String) -> String? {
                var name = name
                let index = name.withUTF8 { doc.lastMember(of: 0, named: $0) }
                return index.map { String(decoding: doc.content($0), as: UTF8.self) }
            }
            #expect(member("a") == "2")
            #expect(member("long key over eight bytes") == "3")
            #expect(member("a\"q") == "4")
            #expect(member("b") == "")
            #expect(member("zz") == nil)
            #expect(member("") == nil)
            var name = "c"
            #expect(name.withUTF8 { doc.lastMember(of: 4, named: $0) } == 6)
            #expect(name.withUTF8 { doc.lastMember(of: 2, named: $0) } == nil)
        }
    }

    @Test("element(of:at:) skips whole subtrees")
    func element() throws {
        try JSONTestSupport.withDocument(#"[{"a":[1,2]},[3],"x",null]"#) { doc in
            #expect(doc.element(of: 0, at: 0) == 1)
            #expect(doc.element(of: 0, at: 1) == 6)
            #expect(doc.element(of: 0, at: 2) == 8)
            #expect(doc.element(of: 0, at: 3) == 9)
            #expect(doc.element(of: 0, at: 4) == nil)
            #expect(doc.element(of: 0, at: -1) == nil)
            #expect(doc.element(of: 1, at: 0) == nil)
            #expect(doc.decodedString(8) == "x")
        }
    }

    @Test("stringEquals compares decoded content")
    func stringEquals() throws {
        try JSONTestSupport.withDocument(#"["abc","a\u0062c","ab",1]"#) { doc in
            var abc = "abc"
            abc.withUTF8 { bytes in
                #expect(doc.stringEquals(1, bytes))
                #expect(doc.stringEquals(2, bytes))
                #expect(!doc.stringEquals(3, bytes))
                #expect(!doc.stringEquals(4, bytes))
            }
        }
    }

    @Test("text(_:limit:) re-serializes minified and cuts to the limit")
    func text() throws {
        let json = "{ \"a\" : [ 1 , 2.50 , { \"b\" : \"x\\u0041\\/\" } ] , \"é\" : true }"
        try JSONTestSupport.withDocument(json) { doc in
            #expect(doc.text(0, limit: 1000) == #"{"a":[1,2.50,{"b":"xA/"}],"é":true}"#)
            #expect(doc.text(0, limit: 5) == #"{"a":"#)
            #expect(doc.text(2, limit: 1000) == #"[1,2.50,{"b":"xA/"}]"#)
            #expect(doc.text(0, limit: 0) == "")
        }
        let long = "[" + String(repeating: "\"ééééé\",", count: 2000) + "1]"
        try JSONTestSupport.withDocument(long) { doc in
            let text = doc.text(0, limit: 50)
            #expect(text.count == 50)
            #expect(text.hasPrefix(#"["ééééé","ééééé""#))
        }
    }
}
