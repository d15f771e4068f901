import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sets fixed headers on every request.
///
/// ``json(clientName:)`` gives the common headers of a JSON API client.
///
/// ```swift
/// let headers = HeadersInterceptor.json(clientName: "lifesignal/1.0")
/// let custom = HeadersInterceptor(["X-Tenant": "home"])
/// ```
public struct HeadersInterceptor: HTTPInterceptor {
    /// The headers set on every request (a value replaces one already set).
    public var headers: [String: String]

    /// Creates an interceptor that sets `headers`.
    ///
    /// - Parameter headers: Header names and values.
    public init(_ headers: [String: String]) {
        self.headers = headers
    }

    /// `Content-Type: application/json`, `Accept: application/json` and
    /// `X-Client-Info: <clientName>`.
    ///
    /// - Parameter clientName: Identifies the client to the server, for example `"lifesignal/1.0"`.
    /// - Returns: The interceptor.
    public static func json(clientName: String) -> HeadersInterceptor {
        HeadersInterceptor([
            "Content-Type": "application/json",
            "Accept": "application/json",
            "X-Client-Info": clientName,
        ])
    }

    /// Sets the headers.
    ///
    /// - Parameter request: The request to adjust.
    /// - Throws: ``HTTPError/invalidHeader(path:name:)`` when a value holds a control character.
    public func intercept(_ request: inout URLRequest) async throws(HTTPError) {
        for (name, value) in headers {
            try request.setHeader(value, for: name)
        }
    }
}
