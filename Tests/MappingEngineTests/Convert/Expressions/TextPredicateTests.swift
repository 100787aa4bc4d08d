import CEL
import Testing
import TestSupport
@testable import MappingEngine

/// Rules decided on their fields' text (`TextPredicate`) against the same rules run as CEL
/// programs: on random expressions of the fragment over random field values (numbers in
/// every form convertd writes, quoted as a profile writes them, strings with escapes and
/// non-ASCII, absent and null fields), the verdict and the steps charged must be the
/// program's whenever the text decides; where it declines, the program decides.
@Suite struct TextPredicateTests {
    static let names = ["i1", "i2", "u1", "d1", "d2", "s1", "s2", "b1"]
    static let object: CELObjectType = {
        let type = CELObjectType(name: "Sample")
        let types: [CELType] = [.int, .int, .uint, .decimal, .decimal, .string, .string, .bool]
        type.fields = zip(names, types).map { CELObjectType.Field(name: $0, type: $1) }
        return type
    }()

    /// One object: each field's text as written (nil when absent) and its value as rules see
    /// it (nil when absent or null).
    struct Sample {
        var texts: [String?] = []
        var values: [CELValue?] = []
    }

    static let decimals = ["0", "-0", "1.50", "1.5", "10.50", "99.95", "-3.25", "0.001", "0.00", "7", "-7",
                           "12345678901234567890.123", "1e3", "123456789012345678901234567890123456789.5"]
    static let strings = ["", "a", "b", "ab", "abc", "Z", "é", "éa", "a\"b", "line\nbreak", "\u{1F600}",
                          "sixteen bytes ok", "a string of more than thirty-two bytes", "ééééééééé\u{1F600}"]

    static func sample(_ random: inout SeededRandom) -> Sample {
        var sample = Sample()
        for index in names.indices {
            let roll = random.below(20)
            if roll < 3 {
                sample.texts.append(nil)
                sample.values.append(nil)
                continue
            }
            if roll < 5 {
                sample.texts.append("null")
                sample.values.append(nil)
                continue
            }
            // A number a profile writes as a string is quoted.
            let quoted = random.below(5) == 0
            switch index {
            case 0, 1:
                let value = [Int64(0), 1, -1, 42, -42, .max, .min, Int64(random.below(5))][random.below(8)]
                sample.texts.append(quoted ? "\"\(value)\"" : "\(value)")
                sample.values.append(.int(value))
            case 2:
                let value = [UInt64(0), 1, 42, .max, UInt64(random.below(5))][random.below(5)]
                sample.texts.append(quoted ? "\"\(value)\"" : "\(value)")
                sample.values.append(.uint(value))
            case 3, 4:
                let text = decimals[random.below(decimals.count)]
                sample.texts.append(quoted ? "\"\(text)\"" : text)
                sample.values.append(CELDecimal(text).map(CELValue.decimal))
            case 5, 6:
                let text = strings[random.below(strings.count)]
                sample.texts.append(JSONValue.string(text).jsonText)
                sample.values.append(.string(text))
            default:
                let flag = random.below(2) == 0
                sample.texts.append("\(flag)")
                sample.values.append(.bool(flag))
            }
        }
        return sample
    }

    /// A random expression of the fragment, at most `depth` operators deep.
    static func expression(_ random: inout SeededRandom, depth: Int) -> String {
        let roll = random.below(depth > 0 ? 9 : 4)
        switch roll {
        case 0: return "has(self.\(names[random.below(names.count)]))"
        case 1: return "self.b1"
        case 2, 3: return comparison(&random)
        case 4, 5: return "(\(expression(&random, depth: depth - 1)) && \(expression(&random, depth: depth - 1)))"
        case 6, 7: return "(\(expression(&random, depth: depth - 1)) || \(expression(&random, depth: depth - 1)))"
        default: return "!(\(expression(&random, depth: depth - 1)))"
        }
    }

    static func comparison(_ random: inout SeededRandom) -> String {
        let relation = ["==", "!=", "<", "<=", ">", ">="][random.below(6)]
        let (left, right): (String, String)
        func size(_ field: String) -> String { random.below(2) == 0 ? "size(self.\(field))" : "self.\(field).size()" }
        switch random.below(9) {
        case 0: (left, right) = ("self.i1", "self.i2")
        case 1: (left, right) = ("self.d1", ["self.d2", "0", "10", "-3"][random.below(4)])
        case 2: (left, right) = (["self.u1", "self.i1"][random.below(2)], ["0u", "1u", "18446744073709551615u", "self.u1"][random.below(4)])
        case 3: (left, right) = ("self.i1", ["0", "-1", "9223372036854775807", "self.d1"][random.below(4)])
        case 4: (left, right) = ("self.s1", ["self.s2", "'a'", "'é'", "''", "'ab'"][random.below(5)])
        case 5: (left, right) = ("'b'", "self.s1")
        case 6: (left, right) = (size("s1"), ["0", "1", "2", "3", "16", "-1", "9223372036854775807", size("s2")][random.below(8)])
        case 7: (left, right) = (["0", "2", "-9223372036854775808"][random.below(3)], size("s2"))
        default: (left, right) = ("self.b1", ["true", "false", "self.b1"][random.below(3)])
        }
        return "\(left) \(relation) \(right)"
    }

    /// The sample written as an object, with the spans `MemberSpans` would note.
    static func written(_ sample: Sample) -> (bytes: [UInt8], spans: [Int]) {
        var bytes = Array("{".utf8)
        var spans: [Int] = []
        for (name, text) in zip(names, sample.texts) {
            guard let text else {
                spans += [-1, -1, -1]
                continue
            }
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            let key = bytes.count
            bytes += Array("\"\(name)\":".utf8)
            let value = bytes.count
            bytes += Array(text.utf8)
            spans += [key, value, bytes.count]
        }
        spans.append(bytes.count)
        bytes.append(UInt8(ascii: "}"))
        return (bytes, spans)
    }

    @Test func agreesWithTheProgram() throws {
        var random = SeededRandom(seed: 22)
        let environment = CELEnvironment(variables: [.init(name: "self", type: .object(Self.object))])
        var decided = 0, declined = 0
        for _ in 0..<4000 {
            let source = Self.expression(&random, depth: 3)
            // A comparison across kinds the checker has no overload for is refused at load.
            guard let program = try? CELProgram(source, in: environment) else { continue }
            let predicate = try #require(program.predicate.map(TextPredicate.init), "not in the fragment: \(source)")
            defer { predicate.deallocate() }
            let sample = Self.sample(&random)
            // As the engine does: a rule reading an absent value is not evaluated.
            guard program.valuesRead.allSatisfy({ sample.values[$0] != nil }) else { continue }
            var (bytes, spans) = Self.written(sample)
            let fast: (verdict: Bool?, cost: Int) = bytes.withUnsafeBufferPointer { bytes in
                spans.withUnsafeMutableBufferPointer { spans in
                    var cost = 0
                    let fields = WrittenFields(base: bytes.baseAddress!, spans: spans.baseAddress!)
                    return (predicate.holds(over: fields, cost: &cost), cost)
                }
            }
            guard let verdict = fast.verdict else {
                declined += 1
                continue
            }
            decided += 1
            let budget = 1_000_000
            var activation = CELActivation(variables: [.null], fields: sample.values, budget: budget)
            let value = try program.evaluate(&activation)
            guard case .bool(let expected) = value else {
                Issue.record("\(source) over \(sample.texts) gave \(value.kindName)")
                continue
            }
            #expect(expected == verdict, "\(source) over \(sample.texts)")
            #expect(budget - activation.budget == fast.cost, "\(source) over \(sample.texts): steps")
        }
        // Most are decided on the text; the others (exponents, long decimals, escapes) by the program.
        #expect(decided > 2000 && declined > 50, "decided \(decided), declined \(declined)")
    }

    @Test(arguments: ["self.d1 + self.d2 > 0", "size(self.s1) > self.i1", "size(self.s1 + self.s2) > 1", "size(self.s1) > 1.5",
                      "self.s1.startsWith('a')", "[1, 2].size() > 1"])
    func anythingElseIsLeftToTheProgram(source: String) throws {
        let environment = CELEnvironment(variables: [.init(name: "self", type: .object(Self.object))])
        let program = try CELProgram(source, in: environment)
        #expect(program.predicate == nil)
    }
}
