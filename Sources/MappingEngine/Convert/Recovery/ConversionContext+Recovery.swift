/// Where a conversion stood before a value that may be recovered from: what a recovery rolls
/// back to.
struct RecoveryMarks {
    let output: Int
    let issues: Int
    let errors: Int
    let coercions: Int
    let unknownKeys: Int
    let warnings: Int
    /// The enclosing recovery's forced error, restored when this value is done.
    let forcedError: Int
}

extension ConversionContext {
    /// Marks where the conversion stands before a value that may be recovered from, and has
    /// the value's first error recorded even past the cap, for its warning to name.
    mutating func markRecovery() -> RecoveryMarks {
        let marks = RecoveryMarks(output: out.count, issues: issues.count, errors: errorCount, coercions: coercionCount,
                                  unknownKeys: unknownKeyCount, warnings: warningCount, forcedError: forcedError)
        forcedError = errorCount + 1
        return marks
    }

    /// The value converted: nothing to recover from.
    mutating func endRecovery(_ marks: RecoveryMarks) {
        forcedError = marks.forcedError
    }

    /// Takes back everything the failed value wrote and recorded (its errors, and the coercions,
    /// unknown keys and warnings of a value that is no longer in the output) and records one
    /// warning for `action`, carrying the value's first error. False, with nothing taken back,
    /// when no error was recorded: there is nothing to name, so the failure stands.
    mutating func recover(to marks: RecoveryMarks, action: RecoveryAction) -> Bool {
        forcedError = marks.forcedError
        guard let first = issues[marks.issues...].first(where: { if case .error = $0.kind { true } else { false } }),
              case .error(let code) = first.kind else { return false }
        let warning = Issue(kind: .warning(RecoveredError(action: action, code: first.rule?.code ?? code.rawValue, below: first.outPath)),
                            message: first.message, input: first.input)
        out.rewind(to: marks.output)
        issues.removeSubrange(marks.issues...)
        errorCount = marks.errors
        coercionCount = marks.coercions
        unknownKeyCount = marks.unknownKeys
        warningCount = marks.warnings + 1
        if warningCount <= maxErrors { issues.append(warning) }
        return true
    }
}
