import Foundation

// The Swift side of `make bench-compare`:
//   CompareRunner convert engine|codable|stream MODEL FILE [OPTIONS]          writes the converted document to stdout
//   CompareRunner rate    engine|codable|stream MODEL FILE SECONDS [OPTIONS]  prints conversions of FILE per second
// (`stream`: FILE is a top-level array, converted element by element.)
// OPTIONS, for `engine` only: `--schemas DIR` (the bundled schemas by default), `--profile NAME`.
let usage = "usage: CompareRunner convert|rate engine|codable|stream MODEL FILE [SECONDS] [--schemas DIR] [--profile NAME]\n"
var arguments = Array(CommandLine.arguments.dropFirst())
let options: EngineOptions
do {
    options = try EngineOptions(taking: &arguments)
} catch {
    FileHandle.standardError.write(Data("\(error)\n\(usage)".utf8))
    exit(2)
}
guard arguments.count >= 4, let contender = Contender(rawValue: arguments[1]),
      let input = FileManager.default.contents(atPath: arguments[3]) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
do {
    let system = try contender.prepare(model: arguments[2], options: options)
    switch (arguments[0], arguments.count) {
    case ("convert", 4):
        FileHandle.standardOutput.write(try system.convert(Array(input)))
    case ("rate", 5):
        print(try system.rate(Array(input), seconds: Double(arguments[4]) ?? 2))
    default:
        FileHandle.standardError.write(Data("unknown command or arguments: \(arguments.joined(separator: " "))\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(contender.rawValue) \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
