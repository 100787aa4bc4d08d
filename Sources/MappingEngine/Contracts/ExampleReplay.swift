/// Runs a model's example payloads (SPEC §11): through two versions, to find the examples whose
/// answer a candidate changes (what blocks a BACKWARD change), or through one, against what each
/// example expects (`convertd test`).
///
/// The work is bounded by what loading bounds: at most `examplesPerModel` examples, each input
/// no larger than a schema file, each converted under the options' `maxErrors`.
public enum ExampleReplay {
    /// The examples of `model` whose answer differs between the `current` engine and the
    /// `candidate`, in the order given: a different document (byte for byte, both being
    /// convertd's canonical output), errors where there were none or the reverse, or other
    /// errors (by path and code, in any order). Empty when the candidate answers every example alike.
    public static func compare(model: String, examples: [ModelExample], current: Engine, candidate: Engine,
                               options: ConversionOptions = .init()) -> [ReplayDifference] {
        examples.compactMap { example in
            let before = ExampleOutcome(example, model: model, engine: current, options: options)
            let after = ExampleOutcome(example, model: model, engine: candidate, options: options)
            return before.same(as: after) ? nil : ReplayDifference(name: example.name, current: before.text, candidate: after.text)
        }
    }

    /// The examples of `model` that `engine` does not answer as they expect, in the order given:
    /// an expected document must match as a JSON value (members in any order), expected errors
    /// by path and code (in any order), and an example that expects nothing must convert.
    public static func check(model: String, examples: [ModelExample], engine: Engine,
                             options: ConversionOptions = .init()) -> [ExampleFailure] {
        examples.compactMap { example in
            failure(of: example, ExampleOutcome(example, model: model, engine: engine, options: options))
        }
    }

    /// What is wrong with `outcome` for `example`; nil when it is what the example expects.
    static func failure(of example: ModelExample, _ outcome: ExampleOutcome) -> ExampleFailure? {
        switch (example.expected, outcome) {
        case (nil, .output):
            return nil
        case (nil, .errors(let errors)):
            return ExampleFailure(name: example.name, reason: "expected it to convert; it failed with \(count(errors.count, "error"))",
                                  expected: nil, actual: outcome.text, diff: ExampleOutcome.pretty(outcome.text) + "\n")
        case (.output(let expected)?, .output):
            guard let actual = outcome.value else {
                return mismatch(example, "the output does not parse back as JSON", expected: expected, outcome)
            }
            if ExpectedOutput.matches(expected, actual) { return nil }
            return mismatch(example, "the output differs from the expected one", expected: ExpectedOutput.aligned(expected, to: actual), outcome)
        case (.output(let expected)?, .errors(let errors)):
            return mismatch(example, "expected an output; it failed with \(count(errors.count, "error"))", expected: expected, outcome)
        case (.errors(let expected)?, .errors(let errors)):
            if expected.sorted() == errors.sorted() { return nil }
            // Both lists sorted, so the diff shows which errors differ, not their order.
            return mismatch(example, "the errors differ from the expected ones", expected: ExampleOutcome.errorsValue(expected.sorted()),
                            .errors(errors.sorted()))
        case (.errors(let expected)?, .output):
            return mismatch(example, "expected \(count(expected.count, "error")); it converted", expected: ExampleOutcome.errorsValue(expected), outcome)
        }
    }

    /// The failure of an example that expected `expected` and got `outcome`, with their diff.
    private static func mismatch(_ example: ModelExample, _ reason: String, expected: JSONValue, _ outcome: ExampleOutcome) -> ExampleFailure {
        let expectedText = expected.jsonText
        let diff = LineDiff.unified(old: ExampleOutcome.pretty(expectedText) + "\n", new: ExampleOutcome.pretty(outcome.text) + "\n",
                                    oldName: "expected", newName: "actual")
        return ExampleFailure(name: example.name, reason: reason, expected: expectedText, actual: outcome.text, diff: diff)
    }

    /// "1 error", "3 errors".
    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
