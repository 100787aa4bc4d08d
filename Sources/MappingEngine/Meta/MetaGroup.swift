/// The metas of one group of mutually recursive models (usually a single model), kept alive
/// together with every model they point at.
///
/// Converters point at other models unowned, so a conversion holds its model's group while it
/// runs. A group owns its own metas and the groups of the models it points at outside itself.
/// Groups are the strongly connected components of the models' reference graph, so they never
/// form a reference cycle: when a change replaces a model, the groups of that model and of its
/// users are freed once the last conversion using them ends, and every other group stays.
final class MetaGroup: Sendable {
    /// The metas this group owns.
    let metas: [ModelMeta]
    /// The groups of the models these metas point at outside the group.
    let uses: [MetaGroup]

    private init(metas: [ModelMeta], uses: [MetaGroup]) {
        self.metas = metas
        self.uses = uses
    }

    /// The group of each model in `built`, compiled together: `references` says which models
    /// each one points at; a model not in `built` is a kept one, owned by its group in `kept`.
    static func groups(of built: [String: ModelMeta], references: [String: Set<String>],
                       kept: [String: MetaGroup]) -> [String: MetaGroup] {
        let names = built.keys.sorted()
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let edges = names.map { name in (references[name] ?? []).compactMap { number[$0] }.sorted() }
        var finder = ComponentFinder(edges: edges)
        var groups: [String: MetaGroup] = [:]
        // Components come out after every component they reach, so the groups a group uses exist.
        for component in finder.components() {
            let members = Set(component.map { names[$0] })
            var uses: [ObjectIdentifier: MetaGroup] = [:]
            for name in members {
                for target in references[name] ?? [] where !members.contains(target) {
                    if let group = groups[target] ?? kept[target] { uses[ObjectIdentifier(group)] = group }
                }
            }
            let group = MetaGroup(metas: members.sorted().compactMap { built[$0] }, uses: Array(uses.values))
            for name in members { groups[name] = group }
        }
        return groups
    }
}

/// Tarjan's strongly connected components of a graph given as adjacency lists of node numbers.
private struct ComponentFinder {
    let edges: [[Int]]
    private var order: [Int?]
    private var low: [Int]
    private var stack: [Int] = []
    private var onStack: [Bool]
    private var next = 0
    private var found: [[Int]] = []

    init(edges: [[Int]]) {
        self.edges = edges
        order = Array(repeating: nil, count: edges.count)
        low = Array(repeating: 0, count: edges.count)
        onStack = Array(repeating: false, count: edges.count)
    }

    /// Every component, each listed after all the components it has an edge into.
    mutating func components() -> [[Int]] {
        for node in edges.indices where order[node] == nil { visit(node) }
        return found
    }

    private mutating func visit(_ node: Int) {
        order[node] = next
        low[node] = next
        next += 1
        stack.append(node)
        onStack[node] = true
        for target in edges[node] {
            if let seen = order[target] {
                if onStack[target] { low[node] = min(low[node], seen) }
            } else {
                visit(target)
                low[node] = min(low[node], low[target])
            }
        }
        guard low[node] == order[node] else { return }
        var component: [Int] = []
        while let top = stack.popLast() {
            onStack[top] = false
            component.append(top)
            if top == node { break }
        }
        found.append(component)
    }
}
