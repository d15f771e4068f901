import CheckInClient
import Foundation
import HTTPNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension CheckInError {
    /// Maps an ``HTTPError`` of the check-in cloud functions to a domain error.
    ///
    /// This is the one place where statuses and transport failures get a domain meaning:
    ///
    /// | HTTP failure | Domain error |
    /// |---|---|
    /// | 400 | ``CheckInError/invalidInput(_:)`` with the server's message |
    /// | 401, 403 | ``CheckInError/unauthorized`` |
    /// | 404 with code `not_found` (an unknown record) | ``CheckInError/notFound`` |
    /// | any other 404 (no such function: a wrong functions URL) | ``CheckInError/misconfigured(_:)`` naming the URL |
    /// | 409 with code `already_active` / `not_active` | ``CheckInError/alreadyActive`` / ``CheckInError/notActive`` |
    /// | 408, timeout, refused, no network, lost connection, unknown host | ``CheckInError/offline`` |
    /// | a refused redirect, a header that cannot be sent, a URL this platform cannot use | ``CheckInError/misconfigured(_:)`` |
    /// | 5xx, other statuses, other 409 codes, a body past the size limit | ``CheckInError/backendFailure(_:)`` |
    /// | malformed 2xx body | ``CheckInError/backendFailure(_:)`` naming the function and the problem |
    ///
    /// URLs are quoted without their credentials (``URLRedaction``).
    ///
    /// ```swift
    /// do { return try await http.send(request) } catch { throw CheckInError(httpError: error) }
    /// ```
    ///
    /// - Parameter httpError: The failure reported by ``HTTPClient``.
    public init(httpError: HTTPError) {
        switch httpError {
        case .transport(let error):
            self = Self.transport(error)
        case .status(let code, let body, let url):
            self = Self.status(code, body: body, url: url)
        case .malformedResponse(let path, let reason):
            self = .backendFailure("malformed response from \(path): \(reason)")
        case .encoding(let path, let reason):
            self = .backendFailure("could not encode the \(path) request: \(reason)")
        case .invalidResponse(let path):
            self = .backendFailure("\(path) did not answer with an HTTP response")
        case .redirectRefused(let status, let from, let to):
            self = Self.redirect(status, from: from, to: to)
        case .responseTooLarge(let path, let limit):
            self = .backendFailure(
                "the answer of \(path) is longer than \(limit) bytes and was not read: "
                    + "a check-in backend answers in a few hundred, so check the functions URL"
            )
        case .invalidHeader(_, let name) where name.lowercased() == "authorization":
            self = .misconfigured(
                "the access token holds a control character (a line break?), which HTTP cannot send: check the token"
            )
        case .invalidHeader(_, let name):
            self = .misconfigured("the \(name) header holds a control character, which HTTP cannot send")
        case .unsupportedURL(let url, let reason):
            self = .misconfigured("cannot use \(URLRedaction.redacting(url)): \(reason)")
        }
    }

    private static func transport(_ error: URLError) -> CheckInError {
        switch error.code {
        case .timedOut, .cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost, .cannotFindHost,
            .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
            .offline
        default:
            .backendFailure("transport error \(error.code.rawValue): \(error.localizedDescription)")
        }
    }

    private static func status(_ code: Int, body: Data, url: URL) -> CheckInError {
        let detail = try? JSONDecoder().decode(ErrorBodyDTO.self, from: body).error
        let message = detail?.message ?? detail?.code ?? String(decoding: body.prefix(200), as: UTF8.self)
        switch code {
        case 400: return .invalidInput(message.isEmpty ? "HTTP 400" : message)
        case 401, 403: return .unauthorized
        case 404 where detail?.code == "not_found": return .notFound
        case 404:
            return .misconfigured(
                "nothing answers at \(URLRedaction.redacting(url)) (HTTP 404): check the functions URL"
            )
        case 408: return .offline
        case 409:
            switch detail?.code {
            case "already_active": return .alreadyActive
            case "not_active": return .notActive
            default: return .backendFailure("conflict (HTTP 409): \(message)")
            }
        case 500...599: return .backendFailure("server error (HTTP \(code)): \(message)")
        default: return .backendFailure("unexpected HTTP status \(code): \(message)")
        }
    }

    private static func redirect(_ status: Int, from: URL, to: URL) -> CheckInError {
        let source = URLRedaction.redacting(from)
        let target = URLRedaction.redacting(to)
        guard Origin(from) == Origin(to) else {
            return .misconfigured(
                "\(source) redirects (HTTP \(status)) to another origin, \(target); the client does not follow it, "
                    + "so the token is not sent there: set the functions URL to the address that answers"
            )
        }
        return .misconfigured(
            "\(source) redirects (HTTP \(status)) to \(target); a POST is not resent on a redirect "
                + "(it would lose its body): set the functions URL to the new address"
        )
    }
}
