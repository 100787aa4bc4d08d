import ArgumentParser

/// The README's generated tables: each made from the code that defines what it lists, and kept
/// in the README between the markers of its `block`.
enum ReferenceTable: String, CaseIterable, ExpressibleByArgument {
    /// Every error code with its status, meaning and an example entry (`ErrorCatalog`).
    case errors
    /// Every option of `convertd serve` with its environment variable and default (`ServeFlagTable`).
    case flags

    /// Where the table stands in a Markdown file: named after the command that prints it.
    var block: GeneratedBlock { GeneratedBlock(name: "convertd reference \(rawValue)") }

    /// The table in Markdown; throws what keeps it from being made (an example that does not
    /// answer its code, an option without its setting).
    func markdown() throws -> String {
        switch self {
        case .errors: try ErrorCatalog().markdown
        case .flags: try ServeFlagTable().markdown
        }
    }

    /// `text` (a Markdown file) with every table's block rewritten; throws when a block's markers are missing.
    static func updating(_ text: String) throws -> String {
        var text = text
        for table in allCases {
            guard let updated = table.block.replacing(in: text, with: try table.markdown()) else {
                throw ValidationError("no block marked \(table.block.begin.dropLast()) … \(table.block.end), once each, in that order")
            }
            text = updated
        }
        return text
    }
}
