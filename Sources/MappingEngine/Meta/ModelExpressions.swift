import CEL

/// A model's compiled rules and computed properties (SPEC §8), run once its object is written:
/// what `self` is to them (its fields' readings), which fields they read, and each one's
/// program. Nil on a model without either, whose objects never pay for them.
final class ModelExpressions: @unchecked Sendable {
    /// The fields an expression reads: by value (it is skipped when one failed or is absent),
    /// and in all (`has()` tests too; every field when it takes `self` whole).
    struct Reads: Sendable {
        let values: [Int]
        let all: [Int]
    }

    /// One rule and where its error points.
    struct Rule: Sendable {
        let program: CELProgram
        let reads: Reads
        /// The error's code when the rule sets one.
        let code: String?
        let message: String
        /// Where the error points, outermost first, relative to the object.
        let outPath: [PathComponent]
        /// The same place in the input: the property's own input path, then the rest.
        let inPath: [PathComponent]
    }

    /// One `compute` property: an output-only member placed among the others.
    struct Compute: Sendable {
        let name: String
        /// `"name":`.
        let member: [UInt8]
        let program: CELProgram
        let reads: Reads
        /// How many of the model's other properties are declared before it: its place.
        let position: Int
        /// The declared type's converter (with its checks), which the result goes through.
        let converter: any ValueConverter
    }

    /// The readings of the model's fields (its properties but the computed ones, in output order).
    let object: ObjectReading
    let rules: [Rule]
    let computes: [Compute]
    /// For each field, whether some rule or compute reads it: only those are read back.
    let reads: [Bool]
    /// The field called by each output name.
    let fieldIndex: [String: Int]

    init(object: ObjectReading, rules: [Rule], computes: [Compute]) {
        self.object = object
        self.rules = rules
        self.computes = computes
        var reads = [Bool](repeating: false, count: object.fields.count)
        for fields in rules.map(\.reads.all) + computes.map(\.reads.all) {
            for field in fields { reads[field] = true }
        }
        self.reads = reads
        fieldIndex = Dictionary(object.fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
