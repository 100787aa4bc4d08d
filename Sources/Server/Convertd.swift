import ArgumentParser

/// The `convertd` executable: conversion and schema tools on the command line.
@main
struct Convertd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convertd",
        abstract: "Turns messy upstream JSON into clean, typed, normalized JSON by declarative model schemas.",
        subcommands: [ConvertCommand.self, ReverseCommand.self, LintCommand.self, SchemaCommand.self, BenchCommand.self]
    )
}
