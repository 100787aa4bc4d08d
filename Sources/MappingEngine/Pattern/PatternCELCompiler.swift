import CEL

/// Compiles CEL's `matches` patterns with `Pattern`, the linear-time engine of `pattern`: a
/// rule can no more backtrack than a property can. The error's column is the pattern's own;
/// the caller adds where the pattern's literal starts.
public struct PatternCELCompiler: CELPatternCompiler {
    public init() {}

    public func compile(_ pattern: String) -> Result<any CELPatternMatcher, CELCompileError> {
        do {
            return .success(try Pattern(pattern))
        } catch {
            return .failure(CELCompileError(.pattern, column: error.column, "invalid pattern: \(error.reason)"))
        }
    }
}

extension Pattern: CELPatternMatcher {}
