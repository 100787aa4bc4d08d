import ArgumentParser
@testable import convertd
import Testing

/// `convert` and `reverse` read by `QuickArguments` (start-up without ArgumentParser's
/// reflection) agree with ArgumentParser on every property, and leave to it whatever they do not
/// read: so help, errors and exit codes stay ArgumentParser's.
@Suite struct QuickArgumentsTests {

    /// Every property of a `convert` command, as one string.
    private static func described(_ command: ConvertCommand) -> String {
        [command.schemaOptions.schemas, command.document.schema, "\(command.document.pretty)", command.document.file ?? "<stdin>",
         command.mode, "\(command.explain)", "\(command.maxErrors)", command.onError ?? "<nil>", "\(command.ndjson)",
         command.profile.profile ?? "<nil>", "\(command.jobs)"].joined(separator: "|")
    }

    private static func described(_ command: ReverseCommand) -> String {
        [command.schemaOptions.schemas, command.document.schema, "\(command.document.pretty)", command.document.file ?? "<stdin>",
         command.profile.profile ?? "<nil>"].joined(separator: "|")
    }

    /// Argument lists both readers take.
    private static let plain: [[String]] = [
        ["--schema", "Book"],
        ["--schema", "Book", "book.json"],
        ["--schema=Book", "-"],
        ["book.json", "--schemas", "dir", "--schema", "Book", "--pretty"],
        ["--schemas=a b", "--schema", "Book", ""],
        ["--schema", "Book", "--mode", "strict", "--explain", "--max-errors", "7", "--on-error", "fail", "--profile", "js", "--jobs", "3", "x.json"],
        ["--ndjson", "--schema", "Book", "--max-errors=+12", "--jobs=2", "--mode=lax", "lines"],
        ["--schema", "-", "-"],
        ["--schema", "Book", "--profile=a=b", "--on-error", "keep"],
    ]

    @Test(arguments: plain)
    func convertReadsPlainArgumentsAsArgumentParserDoes(_ arguments: [String]) throws {
        let quick = try #require(ConvertCommand.quick(arguments), "\(arguments) should be read without ArgumentParser")
        let parsed = try ConvertCommand.parse(arguments)
        #expect(Self.described(quick) == Self.described(parsed))
    }

    @Test(arguments: plain.filter { !$0.contains(where: { $0.contains("mode") || $0.contains("jobs") || $0.contains("explain") || $0.contains("ndjson") || $0.contains("error") }) })
    func reverseReadsPlainArgumentsAsArgumentParserDoes(_ arguments: [String]) throws {
        let quick = try #require(ReverseCommand.quick(arguments), "\(arguments) should be read without ArgumentParser")
        let parsed = try ReverseCommand.parse(arguments)
        #expect(Self.described(quick) == Self.described(parsed))
    }

    /// What is left to ArgumentParser: help, short names, unknown or repeated options, missing
    /// or option-like values, an empty value after `=`, a second positional, `--`, a value that is not an integer, a
    /// missing required option, and what `validate()` refuses.
    @Test(arguments: [
        [], ["--help"], ["-h"], ["--schema", "Book", "--help"], ["--schema", "Book", "-p"], ["--schema", "Book", "--colour", "red"],
        ["--schema", "Book", "--schema", "Other"], ["--schema", "Book", "--pretty", "--pretty"], ["--schema"], ["--schema", "--pretty"],
        ["--schema", "Book", "a.json", "b.json"], ["--schema", "Book", "--", "a.json"], ["--schema", "Book", "--max-errors", "many"],
        ["--schema", "Book", "--jobs", "0"], ["--schema", "Book", "--max-errors", "0"], ["--schema", "Book", "--ndjson", "--pretty"],
        ["--pretty", "a.json"], ["--schema", "Book", "--pretty=yes"], ["--schema", "Book", "--jobs", "-1"], ["--schemas=", "--schema", "Book"],
    ])
    func convertLeavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(ConvertCommand.quick(arguments) == nil)
    }

    /// Every option of the commands is one `QuickArguments` reads: an option added to a
    /// command and not here would be left unset (and trap when read) on the quick path.
    @Test func everyOptionOfTheCommandsIsReadQuickly() {
        func names(_ usage: String) -> Set<String> {
            Set(usage.split(whereSeparator: { " []<>\n".contains($0) }).filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
        }
        #expect(names(ConvertCommand.usageString()) == ConvertCommand.quickOptions.union(ConvertCommand.quickFlags))
        #expect(names(ReverseCommand.usageString()) == ReverseCommand.quickOptions.union(ReverseCommand.quickFlags))
        #expect(ConvertCommand.quickOptions.isDisjoint(with: ConvertCommand.quickFlags))
    }

    @Test func defaultsAreArgumentParsers() throws {
        let quick = try #require(ConvertCommand.quick(["--schema", "Book"]))
        #expect(Self.described(quick) == Self.described(try ConvertCommand.parse(["--schema", "Book"])))
        #expect(quick.maxErrors == ConvertCommand.Default.maxErrors && quick.jobs == ConvertCommand.Default.jobs && quick.mode == "lax")
    }
}
