import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step that adjusts every outgoing request of an ``HTTPClient`` (auth, common headers, …).
///
/// Interceptors run in order, after the request's own headers are set, so they can add or
/// override headers.
///
/// ```swift
/// struct RequestID: HTTPInterceptor {
///     func intercept(_ request: inout URLRequest) async throws(HTTPError) {
///         request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
///     }
/// }
/// ```
public protocol HTTPInterceptor: Sendable {
    /// Adjusts `request` before it is sent.
    ///
    /// - Parameter request: The request to adjust.
    /// - Throws: An ``HTTPError`` to abort the request.
    func intercept(_ request: inout URLRequest) async throws(HTTPError)
}
