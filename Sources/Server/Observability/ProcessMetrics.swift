import Foundation

/// The process as the kernel counts it, for the standard `process_*` metrics: CPU time,
/// resident and virtual memory, open file descriptors (from `/proc/self`), and the start time.
struct ProcessMetrics: Sendable {
    struct Reading {
        var cpuSeconds = 0.0
        var residentBytes = 0
        var virtualBytes = 0
        var openDescriptors = 0
    }

    /// Seconds since the Unix epoch when the process started (when this was made: at start).
    let startTime = Date().timeIntervalSince1970
    private let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    private let pageSize = sysconf(Int32(_SC_PAGESIZE))

    /// The values now; a field `/proc` does not give stays 0.
    func read() -> Reading {
        var reading = Reading()
        // `/proc/self/stat`: the fields after the command's closing parenthesis, from the third
        // (state) on; utime and stime are the 14th and 15th, vsize and rss the 23rd and 24th.
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            func field(_ number: Int) -> Double { fields.indices.contains(number - 3) ? Double(fields[number - 3]) ?? 0 : 0 }
            reading.cpuSeconds = (field(14) + field(15)) / ticksPerSecond
            reading.virtualBytes = Int(field(23))
            reading.residentBytes = Int(field(24)) * pageSize
        }
        reading.openDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return reading
    }
}
