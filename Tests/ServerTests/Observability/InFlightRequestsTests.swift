@testable import ConvertdHTTP
@testable import convertd
import Dispatch
import Foundation
import Testing

/// The requests in progress, as the shutdown names them: listed oldest first, each gone when
/// it ends, whichever thread it ends on, and kept apart per service.
@Suite struct InFlightRequestsTests {
    /// A request head with its own span, as every request gets.
    static func head(_ id: String, path: String = "/convert/Product") -> RequestHead {
        RequestHead(method: "POST", path: path, requestID: id)
    }

    @Test func aSnapshotListsTheRequestsInProgressOldestFirst() {
        let requests = InFlightRequests()
        let first = Self.head("first"), second = Self.head("second", path: "/infer")
        requests.begin(first)
        // Past the coarse clock's resolution, so the two starts differ.
        usleep(20_000)
        requests.begin(second)
        let both = requests.snapshot()
        #expect(both.map(\.requestID) == ["first", "second"])
        #expect(both.map(\.path) == ["/convert/Product", "/infer"])
        #expect(both.allSatisfy { $0.method == "POST" && $0.seconds(at: InFlightRequests.now) >= 0 })
        #expect(both[0].seconds(at: InFlightRequests.now) > both[1].seconds(at: InFlightRequests.now))
        requests.end(first)
        #expect(requests.snapshot().map(\.requestID) == ["second"])
        requests.end(second)
        #expect(requests.snapshot().isEmpty)
    }

    @Test func aRequestEndsByItsSpanNotItsClientChosenID() {
        let requests = InFlightRequests()
        let older = Self.head("same"), newer = Self.head("same", path: "/reverse/Product")
        requests.begin(older)
        requests.begin(newer)
        requests.end(older)
        #expect(requests.snapshot().map(\.path) == ["/reverse/Product"])
    }

    @Test func requestsBegunOnManyThreadsEndOnAnyThread() {
        let requests = InFlightRequests()
        let heads = (0..<400).map { Self.head("r\($0)") }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: heads.count, by: 4) { requests.begin(heads[index]) }
        }
        #expect(requests.snapshot().count == heads.count)
        #expect(Set(requests.snapshot().map(\.requestID)).count == heads.count)
        // Each ended by another worker than the one that began it, in another order.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: (thread + 1) % 4, to: heads.count, by: 4).reversed() { requests.end(heads[index]) }
        }
        #expect(requests.snapshot().isEmpty)
    }

    @Test func twoServicesOnOneThreadKeepTheirOwnRequests() {
        let one = InFlightRequests(), other = InFlightRequests()
        let a = Self.head("a"), b = Self.head("b"), c = Self.head("c")
        one.begin(a)
        other.begin(b)
        one.begin(c)
        #expect(Set(one.snapshot().map(\.requestID)) == ["a", "c"])
        #expect(other.snapshot().map(\.requestID) == ["b"])
        other.end(a)
        #expect(one.snapshot().count == 2)
    }

    @Test func theServiceNotesARequestFromItsPlanToItsEnd() throws {
        let service = try ServerFixture.service()
        let head = Self.head("planned")
        _ = service.plan(head)
        #expect(service.stats.inProgress.snapshot().map(\.requestID) == ["planned"])
        service.finished(head, route: nil, status: 200, bytesIn: 0, bytesOut: 0, nanoseconds: 0)
        #expect(service.stats.inProgress.snapshot().isEmpty)
    }
}
