/// Proves, keyword by keyword, that every instance one JSON Schema (`sub`) accepts, another
/// (`sup`) accepts too, and lists each place where it cannot as a `BreakingChange`.
///
/// The proof is structural and conservative: what it cannot show holds (two different
/// patterns, a `not` it does not know) is listed. Identical subschemas are skipped after one
/// comparison of their canonical forms. References are followed on both sides, each pair of
/// references walked once (a pair on the way is assumed to hold, so a recursive model ends);
/// the walk stops at `maxDepth` levels, after `maxSteps` comparisons and at `maxChanges`
/// changes, since a schema comes from a client. The input side proves old ⊆ new, the output
/// side new ⊆ old; `SubsetFailure` names what fails on each.
struct SchemaSubset {
    /// The side whose changes are listed; it decides which of `sub` and `sup` is the old version.
    let side: BreakingChange.Side
    /// The schema whose instances must all be accepted.
    let sub: SchemaDocument
    /// The schema that must accept them.
    let sup: SchemaDocument
    /// Compare what values may be, not which keys an object has: the input side's pass over the
    /// output schemas, which state the value checks conversion makes (the input schema states
    /// only the JSON types it takes).
    let valuesOnly: Bool

    static let maxDepth = 64
    static let maxSteps = 200_000
    static let maxChanges = 1_000

    /// The changes found, in the order of the walk (properties sorted by name).
    private(set) var changes: [BreakingChange] = []
    /// `changes` as a set, so a change reached twice is listed once.
    private var listed: Set<BreakingChange> = []
    /// Failures found so far, listed or not: a walk failed when this grew during it.
    private var issues = 0
    /// How many trial comparisons (does this branch fit that one?) enclose the current one;
    /// a trial lists nothing and ends at its first failure.
    private var trials = 0
    /// `issues` when the innermost trial began.
    private var trialMark = 0
    private var steps = 0
    /// Set when `maxChanges` or `maxSteps` is reached: everything unwinds.
    private var stopped = false
    /// Pairs of references being walked: met again, they are assumed to hold.
    private var inProgress: Set<ReferencePair> = []
    /// Pairs of references whose changes were listed.
    private var walked: Set<ReferencePair> = []
    /// Whether each pair of references walked so far holds.
    private var verdicts: [ReferencePair: Bool] = [:]

    /// A reference of `sub` and one of `sup` compared with each other.
    private struct ReferencePair: Hashable {
        let sub: String
        let sup: String
    }

    init(side: BreakingChange.Side, sub: SchemaDocument, sup: SchemaDocument, valuesOnly: Bool = false) {
        self.side = side
        self.sub = sub
        self.sup = sup
        self.valuesOnly = valuesOnly
    }

    /// Compares the two roots and returns the changes found.
    mutating func run() -> [BreakingChange] {
        compare(sub.root, sup.root, at: "", depth: 0)
        return changes
    }

    /// Whether keys are compared: always but in the values pass, and in its trials too, where
    /// which branch an object takes depends on its keys (a variant with a key the other
    /// refuses is not that variant).
    var comparesKeys: Bool { !valuesOnly || trials > 0 }

    /// Whether the walk should unwind: stopped, or a trial that already failed.
    var abandoned: Bool { stopped || (trials > 0 && issues > trialMark) }

    /// Records that `a` ⊆ `b` fails at `path`; lists it unless in a trial.
    mutating func report(_ failure: SubsetFailure, at path: String, sub subText: String, sup supText: String, detail: String = "") {
        issues += 1
        guard trials == 0, !stopped else { return }
        let (old, new) = side == .input ? (subText, supText) : (supText, subText)
        let change = BreakingChange(side: side, path: path, kind: failure.kind(on: side),
                                    old: CanonicalSchema.cut(old), new: CanonicalSchema.cut(new),
                                    message: failure.message(on: side, old: CanonicalSchema.cut(old), new: CanonicalSchema.cut(new),
                                                             detail: CanonicalSchema.cut(detail)))
        guard listed.insert(change).inserted else { return }
        changes.append(change)
        if changes.count >= SchemaSubset.maxChanges { stopped = true }
    }

    /// Shows that every instance of `a` is one of `b`, listing what is not, at `path`.
    mutating func compare(_ a: JSONValue, _ b: JSONValue, at path: String, depth: Int) {
        guard !abandoned else { return }
        steps += 1
        guard steps <= SchemaSubset.maxSteps else { return giveUp(at: path, "more than \(SchemaSubset.maxSteps) comparisons") }
        guard depth <= SchemaSubset.maxDepth else {
            return report(.constraint, at: path, sub: "nested past \(SchemaSubset.maxDepth) levels", sup: "not compared", detail: "nesting")
        }
        if CanonicalSchema.acceptsAll(b) { return }
        let a: JSONValue = a == .bool(true) ? .object([]) : a
        guard case .object = a else { return }  // `false` accepts nothing; anything else is no schema
        guard case .object = b else { return report(.type, at: path, sub: CanonicalSchema.short(a), sup: "nothing") }
        let canonical = CanonicalSchema.canonical(a)
        if canonical == CanonicalSchema.canonical(b) && !CanonicalSchema.refers(canonical) { return }

        switch (SchemaSubset.reference(a), SchemaSubset.reference(b)) {
        case let (x?, y?):
            compareReferences(x, y, at: path, depth: depth)
            return compareSiblings(a, of: "$ref", b, at: path, depth: depth)
        case let (x?, nil):
            guard let target = sub.resolve(x) else { return report(.type, at: path, sub: x, sup: CanonicalSchema.short(b)) }
            return compare(target, b, at: path, depth: depth + 1)
        case let (nil, y?):
            guard let target = sup.resolve(y) else { return report(.type, at: path, sub: CanonicalSchema.short(a), sup: y) }
            compare(a, target, at: path, depth: depth + 1)
            return compareSiblings(a, of: "$ref", b, at: path, depth: depth)
        case (nil, nil):
            break
        }
        if let branches = SchemaSubset.branches(a) {
            let siblings = CanonicalSchema.removing(["anyOf", "oneOf"], from: a)
            for branch in branches where !abandoned {
                fit(SchemaSubset.merged(siblings, branch), into: b, at: path, depth: depth + 1, otherwise: .variant)
            }
            return
        }
        if SchemaSubset.branches(b) != nil { return fit(a, into: b, at: path, depth: depth + 1, otherwise: .type) }
        if case .array(let parts)? = b["allOf"] { return compareAll(a, parts, b, at: path, depth: depth) }
        if case .array(let parts)? = a["allOf"] {
            // Each part only narrows `a`: one that fits is enough; else the first is shown.
            let siblings = CanonicalSchema.removing(["allOf"], from: a)
            let candidates = parts.map { SchemaSubset.merged(siblings, $0) }
            if candidates.contains(where: { holds($0, b, depth: depth + 1) }) { return }
            return compare(candidates.first ?? siblings, b, at: path, depth: depth + 1)
        }
        compareKeywords(a, b, at: path, depth: depth)
    }

    /// `a` ⊆ `b`'s keywords beside `keyword`, which hold together with it.
    private mutating func compareSiblings(_ a: JSONValue, of keyword: String, _ b: JSONValue, at path: String, depth: Int) {
        let rest = CanonicalSchema.removing([keyword], from: b)
        if !CanonicalSchema.acceptsAll(rest) { compare(a, rest, at: path, depth: depth + 1) }
    }

    /// `a` ⊆ every part of `b`'s `allOf` (pairwise when `a` has as many parts) and `b`'s other keywords.
    private mutating func compareAll(_ a: JSONValue, _ parts: [JSONValue], _ b: JSONValue, at path: String, depth: Int) {
        if case .array(let own)? = a["allOf"], own.count == parts.count {
            let siblings = CanonicalSchema.removing(["allOf"], from: a)
            for (x, y) in zip(own, parts) where !abandoned { compare(SchemaSubset.merged(siblings, x), y, at: path, depth: depth + 1) }
        } else {
            for part in parts where !abandoned { compare(a, part, at: path, depth: depth + 1) }
        }
        compareSiblings(a, of: "allOf", b, at: path, depth: depth)
    }

    /// Two references: their targets compared once per pair.
    private mutating func compareReferences(_ x: String, _ y: String, at path: String, depth: Int) {
        let pair = ReferencePair(sub: x, sup: y)
        if inProgress.contains(pair) { return }
        // A pair that holds has nothing to list; one that does not was listed where first met.
        if let verdict = verdicts[pair], verdict || trials > 0 || walked.contains(pair) {
            if !verdict { issues += 1 }
            return
        }
        guard let a = sub.resolve(x), let b = sup.resolve(y) else { return report(.type, at: path, sub: x, sup: y) }
        inProgress.insert(pair)
        let before = issues
        compare(a, b, at: path, depth: depth + 1)
        inProgress.remove(pair)
        guard !stopped else { return }
        verdicts[pair] = issues == before
        if trials == 0 { walked.insert(pair) }
    }

    /// `x` ⊆ `b`, whose `anyOf`/`oneOf` branches one must take `x` whole: a branch that does,
    /// else, per JSON type of `x`, the branch of that type (compared to list why), else
    /// `otherwise` (or `nullable` for null). `b`'s other keywords hold as well.
    private mutating func fit(_ x: JSONValue, into b: JSONValue, at path: String, depth: Int, otherwise: SubsetFailure) {
        guard let branches = SchemaSubset.branches(b) else { return compare(x, b, at: path, depth: depth) }
        match(x, branches, at: path, depth: depth, otherwise: otherwise)
        compareSiblings(x, of: "anyOf", CanonicalSchema.removing(["oneOf"], from: b), at: path, depth: depth)
    }

    /// `x` ⊆ one of `branches`.
    private mutating func match(_ x: JSONValue, _ branches: [JSONValue], at path: String, depth: Int, otherwise: SubsetFailure) {
        if branches.contains(where: { holds(x, $0, depth: depth) }) { return }
        let types = SchemaSubset.types(of: x, in: sub)
        if types == ["null"] {
            return report(.nullable, at: path, sub: "null", sup: SchemaSubset.typeText(branches.compactMap { SchemaSubset.types(of: $0, in: sup) }))
        }
        // `["string", "null"]` may fit a string branch and a null branch, each its part.
        if let types, types.count > 1, case .object(let members) = x, members.contains(where: { $0.key == "type" }) {
            for type in types.sorted() where !abandoned {
                let one = JSONValue.object(members.map { $0.key == "type" ? .init("type", .string(type)) : $0 })
                match(one, branches, at: path, depth: depth, otherwise: otherwise)
            }
            return
        }
        if let partner = partner(of: x, types, in: branches) { return compare(x, partner, at: path, depth: depth) }
        report(otherwise, at: path, sub: branchText(x, in: sub), sup: branches.map { branchText($0, in: sup) }.joined(separator: " | "))
    }

    /// The branch to compare `x` with when none takes it whole, to list why: the one with the
    /// same reference when `x` has one, else, of those sharing one of its JSON types whose tags (properties of
    /// `enum` or `const` values) take `x`'s, the one with the most properties alike.
    private func partner(of x: JSONValue, _ types: Set<String>?, in branches: [JSONValue]) -> JSONValue? {
        // A model is its branch's identity: one no branch names is a variant of its own.
        if let anchor = SchemaSubset.anchor(x) { return branches.first { SchemaSubset.anchor($0) == anchor } }
        guard let types else { return nil }
        let mine = SchemaSubset.properties(of: x, in: sub)
        var best: (score: Int, branch: JSONValue)?
        for branch in branches {
            guard let theirTypes = SchemaSubset.types(of: branch, in: sup),
                  types.contains(where: { $0 != "null" && SchemaSubset.covers(theirTypes, $0, lax: false) }) else { continue }
            let theirs = SchemaSubset.properties(of: branch, in: sup)
            guard SchemaSubset.tagsFit(mine, theirs) else { continue }
            let score = SchemaSubset.likeness(mine, theirs)
            if score > best?.score ?? Int.min { best = (score, branch) }
        }
        return best?.branch
    }

    /// Whether `x` ⊆ `y` holds, found without listing anything.
    mutating func holds(_ x: JSONValue, _ y: JSONValue, depth: Int) -> Bool {
        let start = issues, savedMark = trialMark
        trialMark = issues
        trials += 1
        compare(x, y, at: "", depth: depth)
        trials -= 1
        trialMark = savedMark
        let held = issues == start
        issues = start
        return held
    }

    /// Lists that the comparison was cut short, and stops it.
    private mutating func giveUp(at path: String, _ reason: String) {
        let change = BreakingChange(side: side, path: path, kind: SubsetFailure.constraint.kind(on: side), old: "not compared",
                                    new: "not compared", message: "The schemas could not be compared: \(reason).")
        if listed.insert(change).inserted { changes.append(change) }
        stopped = true
    }
}
