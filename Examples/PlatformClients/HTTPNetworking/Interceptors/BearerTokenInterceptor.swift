import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds `Authorization: Bearer <token>` to every request.
///
/// The token is read per request from a closure, so a session that refreshes its token needs
/// no new client. A `nil` token sends no header (the server then answers 401).
///
/// ```swift
/// let auth = BearerTokenInterceptor(token: "secret")
/// let refreshing = BearerTokenInterceptor { await session.currentAccessToken }
/// ```
public struct BearerTokenInterceptor: HTTPInterceptor {
    private let token: @Sendable () async -> String?

    /// Creates an interceptor that reads the token from `token` before each request.
    ///
    /// - Parameter token: Returns the current access token, or `nil`.
    public init(token: @escaping @Sendable () async -> String?) {
        self.token = token
    }

    /// Creates an interceptor with a fixed token.
    ///
    /// - Parameter token: The access token.
    public init(token: String) {
        self.token = { token }
    }

    /// Sets the `Authorization` header.
    ///
    /// - Parameter request: The request to adjust.
    /// - Throws: ``HTTPError/invalidHeader(path:name:)`` when the token holds a control
    ///   character (a line break, say), which a header cannot carry.
    public func intercept(_ request: inout URLRequest) async throws(HTTPError) {
        if let token = await token() {
            try request.setHeader("Bearer \(token)", for: "Authorization")
        }
    }
}
