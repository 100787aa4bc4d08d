import ConvertdHTTP
import Testing

/// Whether a listening address is loopback, as `serve` asks before taking an admin token given
/// as text: the address the listener would bind, resolved the way it resolves it.
struct LoopbackTests {
    @Test(arguments: ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "localhost"])
    func loopbackAddressesAreLoopback(_ host: String) {
        #expect(TCPSocket.isLoopback(host: host) == true)
    }

    @Test(arguments: ["0.0.0.0", "::", "10.0.0.1", "192.168.1.20", "128.0.0.1", "::ffff:10.0.0.1", "::2", "fe80::1"])
    func everyOtherAddressIsNot(_ host: String) {
        #expect(TCPSocket.isLoopback(host: host) == false)
    }

    @Test func aHostThatDoesNotResolveIsNeither() {
        #expect(TCPSocket.isLoopback(host: "no-such-host.invalid") == nil)
    }
}
