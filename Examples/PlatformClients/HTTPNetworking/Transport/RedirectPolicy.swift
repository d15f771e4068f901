import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which redirects ``HTTPClient`` follows: only those that change nothing a server could abuse.
///
/// - The target must have the origin (scheme, host and port) of the request the client sent:
///   its headers — the bearer token above all — were meant for that origin alone, and
///   URLSession would copy them to any other.
/// - The request must be a `GET` or a `HEAD` without a body, and stay one: URLSession resends
///   a redirected `POST` without its body (307, 308) or turns it into a `GET` (301, 302, 303),
///   so the server would receive another request than the one made.
///
/// Everything else is refused, and the client reports ``HTTPError/redirectRefused(status:from:to:)``.
enum RedirectPolicy {
    /// Whether `redirected` may be sent in place of `original`.
    static func allows(_ redirected: URLRequest, insteadOf original: URLRequest) -> Bool {
        guard let from = original.url.map(Origin.init), let to = redirected.url.map(Origin.init), from == to else {
            return false
        }
        let method = original.httpMethod ?? "GET"
        return (method == "GET" || method == "HEAD") && original.httpBody == nil
            && (redirected.httpMethod ?? "GET") == method
    }
}

/// The scheme, host and port of a URL: what decides where credentials may go. (`package`: the
/// check-in adapter says which kind of redirect it refused.)
package struct Origin: Hashable {
    var scheme: String?
    var host: String?
    var port: Int?

    package init(_ url: URL) {
        scheme = url.scheme?.lowercased()
        host = url.host?.lowercased()
        port = url.port ?? Self.defaultPort(of: scheme)
    }

    private static func defaultPort(of scheme: String?) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
