import Testing
@testable import CEL

/// Expects the parser to refuse `source` with a syntax error at `column` (1-based, in Unicode
/// scalars; not checked when nil) whose message says `says`; records what it parsed to when
/// it accepts it.
func expectSyntaxError(_ source: String, column: Int?, says: String, limits: CELLimits = CELLimits(),
                       sourceLocation: SourceLocation = #_sourceLocation) {
    do throws(CELCompileError) {
        let expr = try CELParser.parse(source, limits: limits)
        Issue.record("\(source.prefix(40)) parsed to \(CELSyntaxText.text(expr).prefix(80))", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == .syntax, sourceLocation: sourceLocation)
        if let column { #expect(error.column == column, "\(error)", sourceLocation: sourceLocation) }
        #expect(error.message.contains(says), "\(error)", sourceLocation: sourceLocation)
    }
}
