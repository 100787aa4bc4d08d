import Testing

extension Tag {
    /// Starts the real `convertd` executable (a server on a free port, or a command) and talks
    /// to it: slower than the in-process tests, and what `make test-tsan` runs instrumented.
    @Tag static var live: Self
}

extension Trait where Self == ConditionTrait {
    /// Skips, saying so, when the `convertd` executable is not built beside the tests.
    static var convertdBuilt: Self {
        .enabled(if: ConvertdBinary.url != nil, "convertd executable not built next to the tests (run `swift build` first)")
    }
}
