import Testing
@testable import MappingEngine

/// Hostile array bodies (deep nesting, trailing garbage, a body ending mid-string or mid-escape,
/// stray separators) get the whole document's answer however they are cut in two.
@Suite struct ArrayConversionHostileTests {
    static let documents: [String] = [
        "[1]x", "[1] \n x", "[]]", "[] ,", "[1,]", "[,1]", "[1 2]", "[1,", "[1 ", "[", "[ \n\t",
        #"["abc"#, #"["ab\"#, #"["\u12"#, #"["\ud800\u"#, "[tru", "[nul]", "[-", "[1.", "[1e]",
        #"[{"id":1}}, 2]"#, #"[{"id":1]]"#, #"[{"id":1,}]"#, #"[{"id":1} {"id":2}]"#,
        "[\"\u{00e9}\"]", "[\"\u{1F600}\"", "[\u{FEFF}1]",
        "[" + String(repeating: "[", count: 300) + String(repeating: "]", count: 301),
        "[" + String(repeating: "[", count: 300),
        "[" + String(repeating: "{\"a\":", count: 130) + "1" + String(repeating: "}", count: 130) + "]",
    ]

    @Test(arguments: documents)
    func aHostileArrayGetsTheWholeDocumentsAnswerAtEveryCut(text: String) {
        let bytes = Array(text.utf8)
        for options in [ConversionOptions(), ConversionOptions(maxDepth: 3)] {
            let expected = ArrayConversionTests.whole(bytes, options: options, pretty: false)
            for cut in 1...bytes.count {
                let got = ArrayConversionTests.streamed(bytes, options: options, pretty: false, sizes: [cut, .max])
                #expect(got == expected, "cut at \(cut) depth \(options.maxDepth): \(text.prefix(60))")
            }
            #expect(ArrayConversionTests.streamed(bytes, options: options, pretty: false, sizes: [1]) == expected)
        }
    }

    /// With an element size limit the answer may differ from the whole document's (an element
    /// over it fails alone), but never with where the body is cut.
    @Test(arguments: documents)
    func withAnElementLimitTheAnswerDoesNotDependOnTheCuts(text: String) {
        let bytes = Array(text.utf8)
        for limit in 0...12 {
            var seen: Set<String> = []
            for cut in 1...bytes.count {
                let got = ArrayConversionTests.streamed(bytes, options: .init(), pretty: false, sizes: [cut, .max], maxElementBytes: limit)
                seen.insert(got.description)
            }
            seen.insert(ArrayConversionTests.streamed(bytes, options: .init(), pretty: false, sizes: [1], maxElementBytes: limit).description)
            if seen.count > 1 { Issue.record("limit \(limit) \(text.prefix(40)): \(seen)") }
        }
    }
}
