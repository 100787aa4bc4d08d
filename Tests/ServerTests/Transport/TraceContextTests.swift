@testable import ConvertdHTTP
@testable import convertd
import Testing

/// Which `traceparent` headers are taken, and what is answered.
struct TraceContextTests {
    static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    static let invalid = [
        "", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
        "00-4bf92f3577b34da6a3ce929d0e0e473-600f067aa0ba902b7-01",
        "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",
    ]

    @Test func aValidHeaderKeepsItsTraceAndFlagsWithANewSpan() {
        let trace = TraceContext.accept(TraceContextTests.valid)
        #expect(trace.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(trace.flags == 1)
        #expect(trace.span != 0x00f0_67aa_0ba9_02b7)
        #expect(trace.header.hasPrefix("00-4bf92f3577b34da6a3ce929d0e0e4736-") && trace.header.hasSuffix("-01"))
        #expect(TraceContext.parse(trace.header).map { $0.trace == trace.trace } == true)
        // A later version may add fields after the flags.
        #expect(TraceContext.parse("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future").map { $0.trace == trace.trace } == true)
    }

    @Test(arguments: invalid)
    func anInvalidHeaderStartsANewTrace(_ header: String) {
        #expect(TraceContext.parse(header) == nil)
        let trace = TraceContext.accept(header)
        #expect(trace.traceID != "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(TraceContext.parse(trace.header) != nil)
    }

    @Test func newTracesDiffer() {
        let traces = (0..<1000).map { _ in TraceContext.accept(nil) }
        #expect(Set(traces.map(\.traceID)).count == 1000)
        #expect(Set(traces.map(\.span)).count == 1000)
        #expect(traces.allSatisfy { $0.traceID.utf8.count == 32 && $0.header.utf8.count == 55 && $0.flags == 0 })
    }
}
