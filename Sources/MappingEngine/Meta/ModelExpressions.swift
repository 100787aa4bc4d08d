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

        init(program: CELProgram, code: String?, message: String, outPath: [PathComponent], inPath: [PathComponent]) {
            self.program = program
            self.code = code
            self.message = message
            self.outPath = outPath
            self.inPath = inPath
        }
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

        init(name: String, member: [UInt8], program: CELProgram, position: Int, converter: any ValueConverter) {
            self.name = name
            self.member = member
            self.program = program
            self.position = position
            self.converter = converter
        }
    }

    /// The readings of the model's fields (its properties but the computed ones, in output order).
    let object: ObjectReading
    let rules: [Rule]
    let computes: [Compute]
    /// The fields some rule or compute reads by value, in order: only those are read back.
    let readFields: [Int]
    /// The fields only tested with `has()`: only whether they are there is noted.
    let testedFields: [Int]
    /// The field called by each output name.
    let fieldIndex: [String: Int]

    init(object: ObjectReading, rules: [Rule], computes: [Compute]) {
        self.object = object
        self.rules = rules
        self.computes = computes
        // What the checker found each program reads of `self` (a program using it whole reads every value).
        let programs = rules.map(\.program) + computes.map(\.program)
        let values = Set(programs.map { $0.readsWholeObject ? $0.fieldsRead : $0.valuesRead }.joined())
        readFields = values.sorted()
        testedFields = Set(programs.map(\.fieldsRead).joined()).subtracting(values).sorted()
        fieldIndex = Dictionary(object.fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
