import ConvertdHTTP

/// `GET /`: the playground page, its style sheet and its script. The three files in
/// `Sources/Server/Playground/` are compiled into the binary (`.embedInCode` in Package.swift),
/// so the service still ships as one file and the page needs nothing but convertd itself.
enum PlaygroundRoute {
    /// One file of the page.
    enum Asset: CaseIterable, Sendable {
        case page, style, script

        /// Where the asset is served; the page refers to the other two by these paths.
        var path: String {
            switch self {
            case .page: "/"
            case .style: "/playground.css"
            case .script: "/playground.js"
            }
        }

        var contentType: String {
            switch self {
            case .page: "text/html; charset=utf-8"
            case .style: "text/css; charset=utf-8"
            case .script: "text/javascript; charset=utf-8"
            }
        }

        /// The file's bytes, as they were when the binary was built.
        var bytes: [UInt8] {
            switch self {
            case .page: PackageResources.playground_html
            case .style: PackageResources.playground_css
            case .script: PackageResources.playground_js
            }
        }
    }

    /// The page runs only its own script and style and talks only to this service: no inline
    /// script, no other origin, not framed by another site.
    static let contentSecurityPolicy = [
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
        "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static func response(_ asset: Asset) -> HTTPResponse {
        HTTPResponse(status: 200, body: .bytes(asset.bytes), contentType: asset.contentType, headers: [
            // The files change with the binary: a browser asks again each time rather than pair
            // a cached script with a newer service (the three are about 40 KB).
            ("Cache-Control", "no-cache"),
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
        ])
    }
}
