/// Each model's version digest: a digest of the model and of every model it reaches, in time
/// linear in the registry however long its chains of references are.
///
/// The references form a graph whose strongly connected components (models that reach each
/// other) are found iteratively (Tarjan's algorithm, without recursion: a chain of 10,000
/// references is as deep as the walk gets). A component's digest covers its models' content
/// hashes and the digests of the components it references, so it changes exactly when a model
/// it reaches changes (a Merkle digest); a model's digest is its component's.
enum ReachDigests {
    static func of(_ registry: SchemaRegistry) -> [String: String] {
        let names = registry.names
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let edges = names.map { name in (registry.definitions[name]?.references ?? []).compactMap { index[$0] }.sorted() }
        var order = [Int](repeating: -1, count: names.count)
        var low = [Int](repeating: 0, count: names.count)
        var onStack = [Bool](repeating: false, count: names.count)
        var stack: [Int] = []
        var component = [Int](repeating: -1, count: names.count)
        var components: [[Int]] = []
        var counter = 0
        for root in names.indices where order[root] < 0 {
            // Each frame: a node and the next of its edges to follow.
            var frames: [(node: Int, edge: Int)] = [(root, 0)]
            order[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while let frame = frames.last {
                if frame.edge < edges[frame.node].count {
                    frames[frames.count - 1].edge += 1
                    let next = edges[frame.node][frame.edge]
                    if order[next] < 0 {
                        order[next] = counter; low[next] = counter; counter += 1
                        stack.append(next); onStack[next] = true
                        frames.append((next, 0))
                    } else if onStack[next] {
                        low[frame.node] = min(low[frame.node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[frame.node]) }
                guard low[frame.node] == order[frame.node] else { continue }
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = components.count
                    members.append(member)
                    if member == frame.node { break }
                }
                components.append(members.sorted())
            }
        }
        // Tarjan closes a component after every component it references: their digests are known.
        var digests: [String] = []
        digests.reserveCapacity(components.count)
        for members in components {
            let own = members.map { "\(names[$0]) \(registry.models[names[$0]]?.version ?? "")" }
            let reached = Set(members.flatMap { edges[$0] }.map { component[$0] }).subtracting([component[members[0]]])
            let text = (own + reached.map { digests[$0] }.sorted()).joined(separator: "\n")
            digests.append(ContentHash.hex(of: Array(text.utf8)))
        }
        return Dictionary(uniqueKeysWithValues: names.indices.map { (names[$0], digests[component[$0]]) })
    }
}
