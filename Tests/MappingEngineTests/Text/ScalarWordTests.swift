import Testing
import MappingEngine

/// Lax boolean words and null words.
struct ScalarWordTextTests {
    static let boolCases: [(String, Bool)] = [
        ("true", true), ("TRUE", true), ("True", true), ("yes", true), ("YeS", true), ("on", true), ("ON", true),
        ("1", true), ("t", true), ("T", true), ("y", true), ("Y", true), (" true\n", true), ("\ton ", true),
        ("false", false), ("FALSE", false), ("no", false), ("No", false), ("off", false), ("OFF", false),
        ("0", false), ("f", false), ("F", false), ("n", false), ("N", false), ("  no  ", false),
    ]

    @Test(arguments: boolCases)
    func readsBooleanWords(_ text: String, _ expected: Bool) {
        #expect(ScalarFixture.bytes(text) { BoolText.read($0) } == expected)
    }

    @Test(arguments: [
        "", " ", "2", "-1", "truee", "yess", "nope", "o", "of", "tr ue", "ja", "null", "01", "1.0", "x", "offf",
    ])
    func rejectsOtherWords(_ text: String) {
        #expect(ScalarFixture.bytes(text) { BoolText.read($0) } == nil)
    }

    @Test(arguments: ["null", "NULL", "Null", "nil", "NIL", "<null>", "<NULL>", "(null)", "(Null)", " null\n"])
    func recognizesNullWords(_ text: String) {
        #expect(ScalarFixture.bytes(text) { BoolText.isNullWord($0) })
    }

    @Test(arguments: ["", "none", "nul", "<nil>", "undefined", "null null", "0", "nullx", "(null", "<null)"])
    func rejectsOtherNullWords(_ text: String) {
        #expect(!ScalarFixture.bytes(text) { BoolText.isNullWord($0) })
    }
}
