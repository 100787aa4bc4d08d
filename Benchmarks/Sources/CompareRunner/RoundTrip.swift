import BenchmarkSupport
import CodableBaseline
import Foundation

/// A conversion from raw bytes to normalized bytes, run once or timed.
protocol RoundTrip {
    /// The output of converting `input`.
    func convert(_ input: [UInt8]) throws -> Data
    /// Conversions of `input` per second over about `seconds`, after a warm-up.
    func rate(_ input: [UInt8], seconds: Double) throws -> Double
}

extension EngineRoundTrip: RoundTrip {
    func convert(_ input: [UInt8]) throws -> Data {
        try input.withUnsafeBufferPointer { bytes in Data(try convert(bytes)) }
    }

    func rate(_ input: [UInt8], seconds: Double) throws -> Double {
        try input.withUnsafeBufferPointer { bytes in
            _ = try convert(bytes)
            return Stopwatch.rate(seconds: seconds) { _ = try? self.convert(bytes) }
        }
    }
}

extension ArrayStreamRoundTrip: RoundTrip {
    func convert(_ input: [UInt8]) throws -> Data {
        try input.withUnsafeBufferPointer { bytes in Data(try convert(bytes).readAll()) }
    }

    func rate(_ input: [UInt8], seconds: Double) throws -> Double {
        try input.withUnsafeBufferPointer { bytes in
            _ = try convert(bytes).readAll()
            // The spooled output is dropped unread, its file closed, as a failed request's would be.
            return Stopwatch.rate(seconds: seconds) { if case .file(let descriptor, _) = try? self.convert(bytes) { close(descriptor) } }
        }
    }
}

extension CodableRoundTrip: RoundTrip {
    func convert(_ input: [UInt8]) throws -> Data {
        try convert(Data(input))
    }

    func rate(_ input: [UInt8], seconds: Double) throws -> Double {
        let data = Data(input)
        _ = try convert(data)
        return Stopwatch.rate(seconds: seconds) { _ = try? self.convert(data) }
    }
}
