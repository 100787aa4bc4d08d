import MappingEngine
import Primitives

/// Values recovered from (`onError`, `onItemError`) in the answers given, by schema, the code of
/// the error recovered from and the action taken: `convertd_recoveries_total`.
///
/// The labels come from the schemas (a registered model, an error code or a code its rules
/// declare, one of four actions), so clients cannot grow them; past `maxKeys` (a registry
/// rewritten many times over), further recoveries count under empty labels.
final class RecoveryCounts: Sendable {
    struct Key: Hashable, Sendable {
        var schema: String
        var code: String
        var action: String
    }

    static let maxKeys = 10_000
    // The lock guards the table: taken once per answer that recovered, never on other answers.
    private let table = Guarded<[Key: Int]>([:])

    /// Adds an answer's recoveries for `schema`.
    func add(_ tally: RecoveryTally, schema: String) {
        guard !tally.counts.isEmpty else { return }
        table.withLock { table in
            for (found, count) in tally.counts {
                let key = Key(schema: schema, code: found.code, action: found.action)
                let kept = table.count < RecoveryCounts.maxKeys || table[key] != nil ? key : Key(schema: "", code: "", action: "")
                table[kept, default: 0] += count
            }
        }
    }

    /// The counts summed over every schema, for `/stats`: in all, by action and by code.
    var totals: (total: Int, byAction: [(String, Int)], byCode: [(String, Int)]) {
        var byAction: [String: Int] = [:], byCode: [String: Int] = [:], total = 0
        for (key, count) in all {
            total += count
            byAction[key.action, default: 0] += count
            byCode[key.code, default: 0] += count
        }
        return (total, byAction.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, byCode.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Every count, sorted by schema, code and action.
    var all: [(key: Key, count: Int)] {
        table.withLock { $0.map { ($0.key, $0.value) } }.sorted { ($0.key.schema, $0.key.code, $0.key.action) < ($1.key.schema, $1.key.code, $1.key.action) }
    }
}
