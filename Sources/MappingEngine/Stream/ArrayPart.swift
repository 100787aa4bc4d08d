/// A batch of a streamed array's elements converted on their own (`ArrayBatch.convert`), as if
/// they were the first: their output, their recorded issues, how many of each kind they had,
/// and how much of the expression budget they spent. `ArrayResult.absorb` takes it in where
/// the batch lies in the array.
public struct ArrayPart: @unchecked Sendable {
    /// Issues by kind, recorded or not.
    struct Counts: Equatable {
        var errors = 0
        var coercions = 0
        var unknownKeys = 0
        var warnings = 0

        static func += (total: inout Counts, more: Counts) {
            total.errors += more.errors
            total.coercions += more.coercions
            total.unknownKeys += more.unknownKeys
            total.warnings += more.warnings
        }

        subscript(kind: Issue.Tally) -> Int {
            switch kind {
            case .errors: errors
            case .coercions: coercions
            case .unknownKeys: unknownKeys
            case .warnings: warnings
            }
        }
    }

    let batch: ArrayBatch
    /// Whether every element parsed: when not, nothing else in the part counts, and the array
    /// is converted where it is read from the batch on.
    let parsed: Bool
    /// The elements' output, `,` before each (`[` before the array's first); empty once one failed.
    let output: [UInt8]
    /// The issues recorded, located under the elements' indices: at most `maxErrors` of each kind.
    let issues: [Issue]
    let counts: Counts
    let ruleSpent: Int

    /// The kinds of issue whose recorded ones are all listed when the part follows issues
    /// counted `before`: all are when the cap is not reached with them, none when it was reached
    /// before. Nil when the cap falls within the part: only converting its elements after those
    /// before records the ones the whole array records.
    func listed(after before: Counts, maxErrors: Int) -> Set<Issue.Tally>? {
        var listed: Set<Issue.Tally> = []
        for kind in Issue.Tally.allCases {
            if before[kind] + counts[kind] <= maxErrors {
                listed.insert(kind)
            } else if before[kind] < maxErrors {
                return nil
            }
        }
        return listed
    }
}

extension Issue {
    /// The counts an issue's kind is capped by.
    enum Tally: CaseIterable, Hashable {
        case errors, coercions, unknownKeys, warnings
    }
}

extension Issue.Kind {
    var tally: Issue.Tally {
        switch self {
        case .error: .errors
        case .coercion: .coercions
        case .unknownKey: .unknownKeys
        case .warning: .warnings
        }
    }
}
