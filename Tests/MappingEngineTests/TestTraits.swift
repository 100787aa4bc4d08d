import Testing

extension Tag {
    /// Reads third-party data from the corpus (`CONVERTD_CORPUS`, or `../shared/corpus`).
    @Tag static var corpus: Self
}

extension Trait where Self == ConditionTrait {
    /// Skips, saying so, when the corpus is absent.
    static var corpusPresent: Self {
        .enabled(if: Corpus.isPresent, "corpus not found: set CONVERTD_CORPUS or place it at ../shared/corpus")
    }
}
