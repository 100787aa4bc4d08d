/// The issues a finished conversion recorded, turned into the lists its result holds.
enum IssueReport {
    /// The errors among `issues`, located by their paths; when `total` errors were counted
    /// and that is more than the `maxErrors` recorded, one `too_many_errors` entry ends the list.
    static func errors(_ issues: [Issue], total: Int, maxErrors: Int) -> [ConversionError] {
        var errors: [ConversionError] = []
        errors.reserveCapacity(min(total, maxErrors) + 1)
        for issue in issues {
            guard case .error(let code) = issue.kind else { continue }
            let path = PathComponent.pointer(issue.outPath.reversed())
            let source = PathComponent.pointer(issue.inPath.reversed())
            var error = ConversionError(path: path, source: source == path ? nil : source, code: code,
                                        message: issue.message, input: issue.input)
            error.rule = issue.rule?.rule
            error.ruleCode = issue.rule?.code
            errors.append(error)
        }
        if total > maxErrors { errors.append(.tooMany(total: total, listed: maxErrors)) }
        return errors
    }

    /// The coercions and unknown keys among `issues`, for `explain` and `unknownKeys: report`.
    static func explanation(_ issues: [Issue]) -> (coercions: [Coercion], unknownKeys: [UnknownKey]) {
        var coercions: [Coercion] = []
        var unknownKeys: [UnknownKey] = []
        for issue in issues {
            switch issue.kind {
            case .coercion(let rule):
                coercions.append(Coercion(path: PathComponent.pointer(issue.outPath.reversed()), rule: rule, input: issue.input ?? ""))
            case .unknownKey:
                unknownKeys.append(UnknownKey(path: PathComponent.pointer(issue.inPath.reversed()), input: issue.input ?? ""))
            case .error, .warning:
                break
            }
        }
        return (coercions, unknownKeys)
    }

    /// The recoveries among `issues`, located by their paths.
    static func warnings(_ issues: [Issue]) -> [Warning] {
        issues.compactMap { issue in
            guard case .warning(let recovered) = issue.kind else { return nil }
            let path = PathComponent.pointer(issue.outPath.reversed())
            let source = PathComponent.pointer(issue.inPath.reversed())
            return Warning(path: path, source: source == path ? nil : source, code: recovered.code, message: issue.message,
                           action: recovered.action, input: issue.input,
                           errorPath: recovered.below.isEmpty ? nil : PathComponent.pointer(issue.outPath.reversed() + recovered.below.reversed()))
        }
    }
}
