@testable import ConvertdHTTP
import Testing

/// The request method as the server reads it from libmicrohttpd: the common methods come back
/// as literals, any other as sent.
struct MethodNameTests {
    @Test(arguments: ["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH", "OPTIONS", "GETS", "GE", "POSTAL", "PUTS", "DELETED", "get", "", "BREW"])
    func everyMethodReadsBackAsSent(_ method: String) {
        #expect(method.withCString { RequestHead.methodName($0) } == method)
    }
}
