import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure of the typed HTTP layer, before any domain meaning is given to it.
///
/// ``HTTPClient`` knows nothing about check-ins: it reports what happened on the wire. An
/// adapter maps these to its domain errors in one place (for check-ins:
/// `CheckInError.init(httpError:)`).
///
/// ```swift
/// do { _ = try await http.send(request) } catch .status(let code, _, let url) where code == 404 { … } catch { … }
/// ```
public enum HTTPError: Error, Sendable {
    /// The request never got an HTTP answer (refused, offline, timed out, …).
    case transport(URLError)
    /// The server answered `url` with a non-2xx status; `body` is the raw response body (at
    /// most ``HTTPClient/maximumResponseSize`` bytes).
    case status(code: Int, body: Data, url: URL)
    /// A 2xx answer whose body could not be decoded as the expected `Response`.
    case malformedResponse(path: String, reason: String)
    /// The request body could not be encoded.
    case encoding(path: String, reason: String)
    /// The answer was not an HTTP response.
    case invalidResponse(path: String)
    /// The server answered with a redirect the client does not follow: to another origin
    /// (scheme, host or port), where the request's credentials must not go, or of a request
    /// whose method or body the redirect would change (a `POST` is never resent on a redirect).
    case redirectRefused(status: Int, from: URL, to: URL)
    /// The response body is longer than ``HTTPClient/maximumResponseSize``: the client stopped
    /// reading it at `limit` bytes (or at once, when its declared length was larger).
    case responseTooLarge(path: String, limit: Int)
    /// A header value holds a control character (a line break, …), which HTTP cannot carry; the
    /// request was not sent.
    case invalidHeader(path: String, name: String)
    /// The URL cannot be used on this platform; `reason` says why and what to use instead.
    case unsupportedURL(URL, reason: String)
}
