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
    /// | 404 | ``CheckInError/notFound`` |
    /// | 409 with code `already_active` / `not_active` | ``CheckInError/alreadyActive`` / ``CheckInError/notActive`` |
    /// | 408, timeout, refused, no network, lost connection, unknown host | ``CheckInError/offline`` |
    /// | 5xx, other statuses, other 409 codes | ``CheckInError/backendFailure(_:)`` with the status and message |
    /// | malformed 2xx body | ``CheckInError/backendFailure(_:)`` naming the function and the problem |
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
        case .status(let code, let body):
            self = Self.status(code, body: body)
        case .malformedResponse(let path, let reason):
            self = .backendFailure("malformed response from \(path): \(reason)")
        case .encoding(let path, let reason):
            self = .backendFailure("could not encode the \(path) request: \(reason)")
        case .invalidResponse(let path):
            self = .backendFailure("\(path) did not answer with an HTTP response")
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

    private static func status(_ code: Int, body: Data) -> CheckInError {
        let detail = try? JSONDecoder().decode(ErrorBodyDTO.self, from: body).error
        let message = detail?.message ?? detail?.code ?? String(decoding: body.prefix(200), as: UTF8.self)
        switch code {
        case 400: return .invalidInput(message.isEmpty ? "HTTP 400" : message)
        case 401, 403: return .unauthorized
        case 404: return .notFound
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
}
