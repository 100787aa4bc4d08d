import BenchmarkSupport

/// Where the engine contender reads its schemas and under which output profile it writes:
/// `--schemas DIR` and `--profile NAME`, taken out of the command line wherever they stand.
struct EngineOptions {
    var directory = Repository.schemas.path
    var profile: String?

    /// Removes the options and their values from `arguments`.
    init(taking arguments: inout [String]) throws(Unreadable) {
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument == "--schemas" || argument == "--profile" else {
                rest.append(argument)
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { throw Unreadable(description: "\(argument) needs a value") }
            if argument == "--schemas" { directory = arguments[index + 1] } else { profile = arguments[index + 1] }
            index += 2
        }
        arguments = rest
    }

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }
}
