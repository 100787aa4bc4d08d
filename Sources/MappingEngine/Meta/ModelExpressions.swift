import CEL

/// A model's compiled rules and computed properties (SPEC §8), run once its object is written:
/// what `self` is to them (its fields' readings), which fields they read, and each one's
/// program. Nil on a model without either, whose objects never pay for them.
final class ModelExpressions: @unchecked Sendable {
    /// One rule and where its error points. A class, so running the rules copies no fields.
    final class Rule: Sendable {
        let program: CELProgram
        /// The error's code when the rule sets one.
        let code: String?
        let message: String
        /// Where the error points, outermost first, relative to the object.
        let outPath: [PathComponent]
        /// The same place in the input: the property's own input path, then the rest.
        let inPath: [PathComponent]
        /// The rule as decided on its fields' text, when it is in that fragment.
        let predicate: TextPredicate?

        init(program: CELProgram, code: String?, message: String, outPath: [PathComponent], inPath: [PathComponent]) {
            self.program = program
            self.code = code
            self.message = message
            self.outPath = outPath
            self.inPath = inPath
            predicate = program.predicate.map(TextPredicate.init)
        }

        deinit { predicate?.deallocate() }
    }

    /// One `compute` property: an output-only member placed among the others.
    final class Compute: Sendable {
        let name: String
        /// `"name":`.
        let member: [UInt8]
        let program: CELProgram
        /// How many of the model's other properties are declared before it: its place.
        let position: Int
        /// The declared type's converter (with its checks), which the result goes through.
        let converter: any ValueConverter
        /// What a null result writes when the type is nullable (`null`, or nothing under
        /// `nulls: omit`); nil when it is not, and a null goes through the converter as any value.
        let nulls: OutputOptions.NullForm?

        init(name: String, member: [UInt8], program: CELProgram, position: Int, converter: any ValueConverter,
             nulls: OutputOptions.NullForm?) {
            self.name = name
            self.member = member
            self.program = program
            self.position = position
            self.converter = converter
            self.nulls = nulls
        }
    }

    /// The readings of the model's fields (its properties but the computed ones, in output order).
    let object: ObjectReading
    let rules: [Rule]
    let computes: [Compute]
    /// The fields some rule or compute reads by value, in order, with their readings: only
    /// those are read back.
    let reads: [(field: Int, reading: OutputReading)]
    /// The fields read whose values hold memory (strings, bytes, containers, whole objects):
    /// let go once the object is done.
    let heldFields: [Int]
    /// Whether some field read is a container, an object or `any`: its values are then made
    /// before the rules, charged node by node.
    let readsContainers: Bool
    /// The fields only tested with `has()`: only whether they are there is noted.
    let testedFields: [Int]
    /// The field written under each output name (what an error's path ends with).
    let fieldIndex: [String: Int]
    /// What running the rules on an object reads, read without retaining anything.
    let plan: RulePlan
    let fieldCount: Int
    let hasComputes: Bool
    let holdsMemory: Bool

    init(object: ObjectReading, rules: [Rule], computes: [Compute]) {
        self.object = object
        self.rules = rules
        self.computes = computes
        // What the checker found each program reads of `self` (a program using it whole reads every value).
        let programs = rules.map(\.program) + computes.map(\.program)
        let values = Set(programs.map { $0.readsWholeObject ? $0.fieldsRead : $0.valuesRead }.joined())
        reads = values.sorted().map { ($0, object.fields[$0].reading) }
        readsContainers = reads.contains { !$0.reading.isScalar }
        heldFields = reads.filter { !$0.reading.holdsNoMemory }.map(\.field)
        testedFields = Set(programs.map(\.fieldsRead).joined()).subtracting(values).sorted()
        fieldIndex = Dictionary(object.fields.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        plan = RulePlan(rules: rules, readFields: reads.map(\.field))
        fieldCount = object.fields.count
        hasComputes = !computes.isEmpty
        holdsMemory = !heldFields.isEmpty
    }

    deinit { plan.deallocate() }
}
