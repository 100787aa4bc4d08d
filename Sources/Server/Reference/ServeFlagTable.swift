import ArgumentParser
import Foundation

/// Every option of `convertd serve` as ArgumentParser defines it — its name and its help — with
/// the environment variable and the default `ServeSetting` pairs with it. Read from the
/// command's own definition (ArgumentParser's `--experimental-dump-help` JSON), so an option
/// added, renamed or reworded shows here at once, and one without a `ServeSetting`, or whose
/// help does not end with its setting's variable and default, stops the table from being made.
struct ServeFlagTable {
    /// One row: an option and what stands behind it.
    struct Row: Equatable {
        let flag: String
        let setting: ServeSetting
        /// The help without the variable and the default.
        let meaning: String
    }

    /// An option the table cannot describe.
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    /// In the order `convertd serve --help` lists them.
    let rows: [Row]

    init() throws(Mismatch) {
        let definition: ToolInfo
        do {
            definition = try JSONDecoder().decode(ToolInfo.self, from: Data(ServeCommand._dumpHelp().utf8))
        } catch {
            throw Mismatch(description: "ArgumentParser's description of `serve` could not be read: \(error)")
        }
        var rows: [Row] = []
        for argument in definition.command.arguments ?? [] {
            guard let name = argument.names?.first(where: { $0.kind == "long" })?.name else {
                throw Mismatch(description: "an argument of `serve` has no long name: \(argument)")
            }
            if ServeFlagTable.parsersOwn.contains(name) { continue }
            guard let setting = ServeSetting.allCases.first(where: { $0.flag == "--" + name }) else {
                throw Mismatch(description: "--\(name) has no ServeSetting: add a case named as its property, with its environment variable")
            }
            let help = argument.abstract ?? ""
            guard help.hasSuffix(setting.helpSuffix) else {
                throw Mismatch(description: "the help of --\(name) does not end with \"\(setting.helpSuffix)\": write it as ServeSetting.\(setting).help(…)")
            }
            rows.append(Row(flag: "--" + name, setting: setting, meaning: String(help.dropLast(setting.helpSuffix.count))))
        }
        let missing = ServeSetting.allCases.filter { setting in !rows.contains { $0.setting == setting } }
        guard missing.isEmpty else {
            throw Mismatch(description: "ServeSetting has no option of `serve` for \(missing.map(\.flag).joined(separator: ", "))")
        }
        self.rows = rows
    }

    /// The table in Markdown: option, environment variable, default, what it sets.
    var markdown: String {
        Markdown.table(["option", "environment", "default", "what it sets"], rows.map { row in
            [Markdown.code(row.flag), Markdown.code(row.setting.environment), row.setting.defaultValue, row.meaning]
        })
    }

    /// The options ArgumentParser adds to every command.
    private static let parsersOwn: Set<String> = ["help", "version"]

    /// What of ArgumentParser's description of a command the table reads.
    private struct ToolInfo: Decodable {
        struct Command: Decodable {
            let arguments: [Argument]?
        }

        struct Argument: Decodable {
            let names: [Name]?
            let abstract: String?
        }

        struct Name: Decodable {
            let kind: String
            let name: String
        }

        let command: Command
    }
}
