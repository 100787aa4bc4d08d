/// The largest a value can be, as the cost estimator counts it: the bytes of a string (UTF-8)
/// or bytes value, the elements of a list, the entries of a map; 0 for a scalar or a model.
/// Unknown when nothing declares a bound, with the reason the estimator's error gives.
struct CELSizeBound {
    /// Why a size is not known: the value as the source writes it, and the schema limit that
    /// would bound it when it is a property (`maxItems` on `items`).
    struct Unbounded {
        /// The value, in source form (`self.items`, `i.name`).
        var value: String
        /// `maxItems` or `maxLength`, and the property to declare it on (`items`, `Line.name`);
        /// nil when no declaration can bound it (a value of type `dyn`, a variable).
        var limit: (name: String, property: String)?
    }

    /// nil: not known.
    var max: UInt64?
    /// Set when `max` is nil.
    var unbounded: Unbounded?
    /// The bound of each element of a list or key of a map ([0]) and value of a map ([1]); an
    /// array so the type can nest itself.
    private var inner: [CELSizeBound] = []

    static let zero = CELSizeBound(max: 0)

    init(max: UInt64) {
        self.max = max
    }

    init(unbounded: Unbounded) {
        self.unbounded = unbounded
    }

    /// A list's or map's bound with its elements' (or keys') and values'.
    init(max: UInt64?, unbounded: Unbounded? = nil, element: CELSizeBound, value: CELSizeBound? = nil) {
        self.max = max
        self.unbounded = max == nil ? unbounded : nil
        inner = [element] + (value.map { [$0] } ?? [])
    }

    /// The bound of each element of a list, or key of a map.
    var element: CELSizeBound { inner.first ?? unknownPart }
    /// The bound of each value of a map.
    var value: CELSizeBound { inner.count > 1 ? inner[1] : unknownPart }

    /// A part of a value whose parts have no bound: written as an index into it.
    private var unknownPart: CELSizeBound {
        CELSizeBound(unbounded: Unbounded(value: "\(unbounded?.value ?? "a value")[…]"))
    }

    /// The bound of a value that is one or the other (the branches of `?:`, list elements).
    func union(_ other: CELSizeBound) -> CELSizeBound {
        var joined = self
        if let a = max, let b = other.max {
            joined.max = Swift.max(a, b)
        } else {
            joined.max = nil
            joined.unbounded = unbounded ?? other.unbounded
        }
        joined.inner = zip(inner, other.inner).map { $0.union($1) }
        return joined
    }

    /// The bound of a value made of both (concatenation), saturating.
    func plus(_ other: CELSizeBound) -> CELSizeBound {
        var sum = union(other)
        if let a = max, let b = other.max { sum.max = CELSaturating.add(a, b) }
        return sum
    }
}

/// Arithmetic on costs and sizes that stops at `UInt64.max` instead of trapping: a bound past
/// the largest number is as refused as the largest number.
enum CELSaturating {
    static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }
}
