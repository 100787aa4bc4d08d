/// The metas of one group of mutually recursive models (usually a single model), kept alive
/// together with every model they point at.
///
/// Converters point at other models unowned, so a conversion holds its model's group while it
/// runs. A group owns its own metas and the groups of the models it points at outside itself.
/// Groups are the strongly connected components of the models' reference graph, so they never
/// form a reference cycle: when a change replaces a model, the groups of that model and of its
/// users are freed once the last conversion using them ends, and every other group stays.
///
/// A chain of groups (ten thousand models, each using the next) is freed in a loop: left to
/// Swift, releasing the first group would release the second from inside its deinit, and so on
/// down, one nested call per model, until the stack overflows.
final class MetaGroup: @unchecked Sendable {
    /// The metas this group owns.
    let metas: [ModelMeta]
    /// The groups of the models these metas point at outside the group. Never changed but by
    /// `deinit`, which empties the groups only it still holds.
    private var uses: [MetaGroup]

    private init(metas: [ModelMeta], uses: [MetaGroup]) {
        self.metas = metas
        self.uses = uses
    }

    deinit {
        var pending = uses
        uses = []
        while var group = pending.popLast() {
            // Held by nothing else, the group is freed when `group` goes: take its uses first,
            // so its deinit finds nothing to release.
            if isKnownUniquelyReferenced(&group) {
                pending += group.uses
                group.uses = []
            }
        }
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

/// Tarjan's strongly connected components of a graph given as adjacency lists of node numbers,
/// with its depth-first search on a list of frames rather than the call stack: a chain of ten
/// thousand models is a search ten thousand deep.
private struct ComponentFinder {
    let edges: [[Int]]
    private var order: [Int?]
    private var low: [Int]
    private var stack: [Int] = []
    private var onStack: [Bool]
    private var next = 0
    private var found: [[Int]] = []

    /// A node being visited, and how many of its edges the search has followed.
    private struct Frame {
        let node: Int
        var edge = 0
    }

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

    private mutating func visit(_ root: Int) {
        var frames = [enter(root)]
        while let top = frames.last {
            let node = top.node
            if top.edge < edges[node].count {
                let target = edges[node][top.edge]
                frames[frames.count - 1].edge += 1
                if let seen = order[target] {
                    if onStack[target] { low[node] = min(low[node], seen) }
                } else {
                    frames.append(enter(target))
                }
                continue
            }
            // Every edge followed: the node is done, and its parent learns its lowest link.
            frames.removeLast()
            if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
            guard low[node] == order[node] else { continue }
            var component: [Int] = []
            while let member = stack.popLast() {
                onStack[member] = false
                component.append(member)
                if member == node { break }
            }
            found.append(component)
        }
    }

    /// Numbers `node` and puts it on the component stack; its frame, before any edge.
    private mutating func enter(_ node: Int) -> Frame {
        order[node] = next
        low[node] = next
        next += 1
        stack.append(node)
        onStack[node] = true
        return Frame(node: node)
    }
}
