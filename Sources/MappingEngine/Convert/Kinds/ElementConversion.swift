/// How a container converts one element: the converter plus what null and a failure mean for it.
struct ElementSpec: Sendable {
    /// Holds the converter: the one reference a copy of the spec retains.
    private let cell: ConverterCell
    var converter: any ValueConverter { cell.converter }
    let nullable: Bool
    /// Property-level `strict`: no coercion, no null words.
    let strict: Bool
    /// `onItemError: drop`: an element that fails is left out with a warning (`DroppingItems`).
    let drops: Bool
    /// `converter.keepsNullWords`, read once here instead of through the existential per element.
    let keepsNullWords: Bool
    /// `converter` as the hot path calls it: directly for the common kinds (an integer, a
    /// string, a model, a quoted integer…), as a property's converter is called.
    /// Unretained: `cell` keeps what it calls.
    let call: ConverterCall

    init(converter: any ValueConverter, nullable: Bool, strict: Bool, drops: Bool = false) {
        self.nullable = nullable
        self.strict = strict
        self.drops = drops
        keepsNullWords = converter.keepsNullWords
        cell = ConverterCell(converter)
        call = ConverterCall(cell)
    }
}

extension ConversionContext {
    /// Converts a container element, writing `null` for a null the element type allows.
    @inline(__always)
    mutating func convertElement(_ node: Int, _ spec: ElementSpec) -> Bool {
        if isNull(node, lax: lax && !spec.strict, keepsNullWords: spec.keepsNullWords) {
            guard spec.nullable else {
                fail(.nullNotAllowed, "null is not allowed here", node: node)
                return false
            }
            out.ascii("null")
            return true
        }
        return spec.call.convert(node, &self)
    }
}
