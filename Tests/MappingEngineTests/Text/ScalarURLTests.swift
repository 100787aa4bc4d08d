import Testing
import MappingEngine

/// Absolute URI (and IRI) validation.
struct ScalarURLTextTests {
    @Test(arguments: [
        "mailto:a@b.c",
        "urn:isbn:0451450523",
        "http://[::1]:8080/x?y#z",
        "https://example.com",
        "https://user:pw@example.com:443/p/a/t/h?q=1&r=2#frag",
        "file:///etc/hosts",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "tel:+1-816-555-1212",
        "news:comp.infosystems.www.servers.unix",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "http://x/%20%2F",
        "http://例え.jp/パス?q=値#frag",
        "http://[v7.fe80::abcd]/",
        "http://[fe80::1%25eth0]/",
        "http://[::ffff:192.0.2.1]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "http://[1:2:3:4:5:6:7::]/",
        "http://[::]/",
        "a:",
        "git+ssh://git@github.com/x.git",
        "http://example.com:/",
        "http://x/?\u{E000}",
        "http://x/a:b@c/d?e/f?g#h/i?j",
        "HTTP://EXAMPLE.COM/",
        "data:text/plain;charset=utf-8,hi",
        "http://x.com:8080/p", "https://a-b.c/x?y=z#w/?", "https://x.y/p?q=1&r=%41", "http://x", "https://x?",
        // The fast path scans the host on into the path: where and how that scan stops.
        "https://abcdef", "http://a", "https://ab", "http://abcdefg/", "https://a.b/c_d~e", "https://x.y/p/q/r/s/t/u/v",
        "https://a-b.c.d/e/f?g", "http://a/b:c", "http://a_b.c/", "https://host.name#f", "https://host.name/a#f",
        "https://api.github.com/users/facebook/received_events", "http://example.com?q", "http://ex.am:80/p",
        // An empty host is no plain web URL, but RFC 3986 allows it.
        "https://?x", "https://#x", "https:///x", "http://", "https://", "http:///",
    ])
    func acceptsValidURIs(_ text: String) {
        let result = ScalarFixture.bytes(text) { URLText.validate($0) }
        #expect(result?.offset == 0)
        #expect(result?.count == text.utf8.count)
    }

    @Test(arguments: [
        "example.com/x", "http://exa mple.com", "http://x/%zz", "://x", "http://x/%2", "http://x/%", "1http://x",
        "http://x/<a>", "http://x/\"", "http://x/{}", "http://x/|", "http://x/\\", "http://x/^", "http://x/`",
        "http://[::1", "http://[::1]x", "http://[1:2:3:4:5:6:7:8:9]/", "http://[1:2:3:4:5:6:7]/", "http://[:::1]/",
        "http://[1::2::3]/", "http://[12345::1]/", "http://[1.2.3.4]/", "http://[::1.2.3.256]/", "http://[::01.2.3.4]/",
        "http://[]/", "http://[fe80::1%eth0]/", "http://x:80a/", "http://a@b@c/", "http://x/#a#b", "ht tp://x",
        "http://x/\u{7}", "http://x/\u{85}", "http://x/\u{E000}", "http://x/\u{FFFE}", "http://x\ty", "http:// x",
        "no-colon", "h_ttp://x", "http://x/\u{7F}",
        "http://host:abc", "https://a.b/c d",
        "https://abc.de/fg\u{7F}",
        "https://a.b/c/d e", "https://abcdefghij:x/", "https://abc%zz/", "https://abcdefgh/a#b#c", "https://a b/c", "http://a/b?c#d#e", "https://x.y/a\"b", "http://x.y/p{q}",
    ])
    func rejectsInvalidURIs(_ text: String) {
        #expect(ScalarFixture.bytes(text) { URLText.validate($0) } == nil)
    }

    @Test func reportsTrimmedRange() {
        let result = ScalarFixture.bytes("  http://example.com \n") { URLText.validate($0) }
        #expect(result?.offset == 2)
        #expect(result?.count == 18)
    }

    @Test(arguments: [("", 0), ("   ", 3), ("\n\t", 2)])
    func reportsEmptyText(_ text: String, _ offset: Int) {
        let result = ScalarFixture.bytes(text) { URLText.validate($0) }
        #expect(result?.offset == offset)
        #expect(result?.count == 0)
    }

    /// The fast path for `http(s)://` judges bytes 16 and 8 at a time and byte by byte; whatever
    /// it decides must be what RFC 3986 decides. Every byte value at every place of a host, a
    /// path and a query long enough for each step is judged as under another scheme, which
    /// takes the full RFC 3986 path.
    @Test(arguments: ["abcdefghij.example.com", "abcdefghij.example.com/path/to/some/where/x", "host.com/p?query=value&other=thing/x"])
    func theFastPathJudgesEveryByteAsTheFullPathDoes(tail: String) {
        let tail = Array(tail.utf8)
        for byte in UInt8.min...UInt8.max {
            for place in 0..<tail.count {
                var text = tail
                text[place] = byte
                let fast = (Array("https://".utf8) + text).withUnsafeBufferPointer { URLText.validate($0) }
                let full = (Array("webx://".utf8) + text).withUnsafeBufferPointer { URLText.validate($0) }
                #expect((fast == nil) == (full == nil), "byte \(byte) at \(place) of \(String(decoding: text, as: UTF8.self).debugDescription)")
                if let fast, let full { #expect(fast.offset == full.offset && fast.count == full.count + 1) }
            }
        }
    }
}
