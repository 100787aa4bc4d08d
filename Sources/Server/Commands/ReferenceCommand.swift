import ArgumentParser
import Foundation

/// `convertd reference`: the README's generated tables — every error code, every `serve`
/// option — printed as Markdown, or rewritten in place between their markers (`make reference`).
struct ReferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference",
        abstract: "Print the reference tables as Markdown: every error code (errors), every serve option (flags).",
        discussion: "Each table is made from the code that defines what it lists. With --update FILE the blocks between "
            + "<!-- BEGIN generated: convertd reference NAME --> and <!-- END generated: convertd reference NAME --> "
            + "in FILE are rewritten instead."
    )

    @Argument(help: "errors or flags; without one, both.")
    var table: ReferenceTable?

    @Option(help: "Rewrite the generated blocks of this Markdown file, such as README.md, in place.")
    var update: String?

    func run() throws {
        if let update {
            guard table == nil else { throw ValidationError("--update rewrites every table; name none") }
            let url = URL(fileURLWithPath: update)
            let text = try String(contentsOf: url, encoding: .utf8)
            let updated = try ReferenceTable.updating(text)
            if updated != text { try updated.write(to: url, atomically: true, encoding: .utf8) }
            Output.stderr(updated == text ? "\(update): up to date" : "\(update): rewritten")
            return
        }
        let tables = table.map { [$0] } ?? ReferenceTable.allCases
        print(try tables.map { try $0.markdown() }.joined(separator: "\n"), terminator: "")
    }
}
