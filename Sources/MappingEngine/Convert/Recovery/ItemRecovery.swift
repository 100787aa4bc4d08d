/// What a container does with an element that fails (`onItemError`), as a type: each container
/// picks one once per value, so the element walk of a container that drops nothing is compiled
/// with none of the recovery's work in it.
protocol ItemRecovery {
    /// Where the conversion stood before an element, to roll it back to.
    associatedtype Marks

    /// Called before the element (and its separator) is written.
    static func mark(_ ctx: inout ConversionContext) -> Marks
    /// The element is in the output: nothing to recover from.
    static func kept(_ marks: Marks, _ ctx: inout ConversionContext)
    /// The element failed: whether it is dropped, rolled back to `marks` with one warning
    /// recorded in place of its errors.
    static func dropped(_ marks: Marks, _ ctx: inout ConversionContext) -> Bool
}

/// `onItemError: fail`, the default: an element that fails fails its container.
enum FailingItems: ItemRecovery {
    @inline(__always) static func mark(_ ctx: inout ConversionContext) {}
    @inline(__always) static func kept(_ marks: Void, _ ctx: inout ConversionContext) {}
    @inline(__always) static func dropped(_ marks: Void, _ ctx: inout ConversionContext) -> Bool { false }
}

/// `onItemError: drop`: an element that fails is left out, with its key or separator, and
/// recorded as a warning with the action `dropped`; unless the request turned recovery off.
enum DroppingItems: ItemRecovery {
    @inline(__always)
    static func mark(_ ctx: inout ConversionContext) -> RecoveryMarks? {
        ctx.recovers ? ctx.markRecovery() : nil
    }

    @inline(__always)
    static func kept(_ marks: RecoveryMarks?, _ ctx: inout ConversionContext) {
        if let marks { ctx.endRecovery(marks) }
    }

    static func dropped(_ marks: RecoveryMarks?, _ ctx: inout ConversionContext) -> Bool {
        guard let marks else { return false }
        return ctx.recover(to: marks, action: .dropped)
    }
}
