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
/// do { _ = try await http.send(request) } catch .status(let code, _) where code == 404 { … } catch { … }
/// ```
public enum HTTPError: Error, Sendable {
    /// The request never got an HTTP answer (refused, offline, timed out, …).
    case transport(URLError)
    /// The server answered with a non-2xx status; `body` is the raw response body.
    case status(code: Int, body: Data)
    /// A 2xx answer whose body could not be decoded as the expected `Response`.
    case malformedResponse(path: String, reason: String)
    /// The request body could not be encoded.
    case encoding(path: String, reason: String)
    /// The answer was not an HTTP response.
    case invalidResponse(path: String)
}
