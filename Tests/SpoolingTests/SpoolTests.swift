import Foundation
import TestSupport
import Testing
@testable import Spooling

/// A spool holds exactly what was written to it, in order, whether its file is written on the
/// caller's thread or on a writer's (`overlapped`), in a temporary file or written through.
@Suite struct SpoolTests {
    /// About 3 MB in writes of 1 byte to 100 KB (some past the direct-write size), the same
    /// for every spool given the seed.
    static func writes(seed: UInt64) -> [[UInt8]] {
        var random = SeededRandom(seed: seed)
        var writes: [[UInt8]] = []
        var total = 0
        while total < 3 << 20 {
            let size = random.next() % 4 == 0 ? Int(random.next() % 100_000) + 1 : Int(random.next() % 300) + 1
            let byte = UInt8(truncatingIfNeeded: writes.count)
            writes.append([UInt8](repeating: byte, count: size))
            total += size
        }
        return writes
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func anOverlappedSpoolHoldsWhatAPlainOneHolds(seed: UInt64) {
        let writes = Self.writes(seed: seed)
        let expected = writes.flatMap { $0 }
        for spool in [Spool(memoryLimit: 4096), Spool(memoryLimit: 4096, overlapped: true), Spool(overlapped: true)] {
            for bytes in writes { spool.write(bytes) }
            #expect(spool.count == expected.count)
            #expect(spool.failure == nil)
            let held = spool.take().readAll()
            #expect(held.count == expected.count)
            #expect(held == expected, "the spool's bytes differ from what was written")
        }
    }

    @Test func aDiscardedOverlappedSpoolHoldsNothing() {
        let spool = Spool(memoryLimit: 4096, overlapped: true)
        for bytes in Self.writes(seed: 7) { spool.write(bytes) }
        spool.discard()
        spool.write(Array("more".utf8))
        #expect(spool.take().readAll().isEmpty)
    }

    /// A file as `>> file` leaves standard output: what it held stays, the output follows it,
    /// and a discarded output is cut back off it.
    @Test(arguments: [false, true])
    func aFileWrittenThroughKeepsWhatItHeldAndLosesADiscardedOutput(overlapped: Bool) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-spool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let before = Array("held before\n".utf8)
        let writes = Self.writes(seed: 11)
        for discarding in [false, true] {
            try Data(before).write(to: url)
            let descriptor = open(url.path, O_WRONLY | O_APPEND)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let spool = try #require(Spool.writingThrough(descriptor, overlapped: overlapped))
            for bytes in writes { spool.write(bytes) }
            if discarding {
                spool.discard()
            } else {
                #expect(spool.take().readAll().isEmpty, "a spool written through gives nothing back")
            }
            #expect(spool.failure == nil)
            let file = Array(try Data(contentsOf: url))
            #expect(file == before + (discarding ? [] : writes.flatMap { $0 }), "discarding: \(discarding)")
        }
    }

    @Test func aDescriptorThatIsNoFileIsNotWrittenThrough() {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        #expect(Spool.writingThrough(pipeEnds[1], overlapped: true) == nil)
    }
}
