/// How a container converts one element: the converter plus what null and a failure mean for it.
struct ElementSpec: Sendable {
    let converter: any ValueConverter
    let nullable: Bool
    /// Property-level `strict`: no coercion, no null words.
    let strict: Bool
    /// `onItemError: drop`: an element that fails is left out with a warning (`DroppingItems`).
    var drops = false
}

extension ConversionContext {
    /// Converts a container element, writing `null` for a null the element type allows.
    @inline(__always)
    mutating func convertElement(_ node: Int, _ spec: ElementSpec) -> Bool {
        if isNull(node, lax: lax && !spec.strict, keepsNullWords: spec.converter.keepsNullWords) {
            guard spec.nullable else {
                fail(.nullNotAllowed, "null is not allowed here", node: node)
                return false
            }
            out.ascii("null")
            return true
        }
        return spec.converter.convert(node, &self)
    }
}
