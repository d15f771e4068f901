import CheckInClient
import Foundation
import HTTPNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP cloud-functions adapter of ``CheckInClient``.
///
/// Each operation is a function call `POST {functionsURL}/{name}` with a JSON body and
/// `Authorization: Bearer <token>`, the convention of Supabase Edge Functions:
///
/// | Operation | Function | Body → reply |
/// |---|---|---|
/// | `checkIn(at:idempotencyKey:)` | `check-in` | `{"id", "date_ms"}` → check-in |
/// | `history(limit:)` | `history` | `{"limit"}` → `{"check_ins": [...]}` |
/// | `triggerAlert()` | `trigger-alert` | `{}` → alert |
/// | `cancelAlert(id:)` | `cancel-alert` | `{"id"}` → alert |
/// | `activeAlert()` | `active-alert` | `{}` → `{"alert": alert or null}` |
///
/// Every reply is checked against its request before it is believed: a check-in reply must carry
/// the id that was sent, a triggered alert must be active, a cancelled one must be the alert
/// asked for and cancelled. A reply that does not match is ``CheckInError/backendFailure(_:)``
/// saying what was asked and what came back — never a success the backend did not mean.
///
/// DTOs stay inside this module; failures are mapped by `CheckInError.init(httpError:)`.
/// The reference backend is `Examples/CheckIn/Backend/server.py`.
///
/// ```swift
/// let remote = CloudFunctionsCheckInClient(
///     functionsURL: URL(string: "http://127.0.0.1:8080")!,
///     token: "secret"
/// )
/// let checkIn = try await remote.client.checkIn(at: .now)
/// ```
///
/// A value type; `Sendable`.
public struct CloudFunctionsCheckInClient: Sendable {
    /// The HTTP client the calls go through.
    public let http: HTTPClient

    /// Creates an adapter over an ``HTTPClient`` configured by the caller.
    ///
    /// - Parameter http: A client whose base URL is the functions URL and whose interceptors
    ///   add the auth and JSON headers.
    public init(http: HTTPClient) {
        self.http = http
    }

    /// Creates an adapter with the standard interceptors: JSON headers, a client header and a
    /// bearer token.
    ///
    /// - Parameters:
    ///   - functionsURL: The base URL of the functions, for example `https://x.supabase.co/functions/v1`.
    ///   - token: The access token sent as `Authorization: Bearer <token>`.
    ///   - clientName: The value of the `X-Client-Info` header.
    ///   - timeout: The timeout of each call, in seconds; a timeout is ``CheckInError/offline``.
    ///   - maximumResponseSize: The longest reply read, in bytes; a longer one is
    ///     ``CheckInError/backendFailure(_:)``.
    ///   - additionalInterceptors: Interceptors run after the standard ones.
    public init(
        functionsURL: URL,
        token: String,
        clientName: String = "aqueduct-checkin/1.0",
        timeout: TimeInterval = 15,
        maximumResponseSize: Int = HTTPClient.defaultMaximumResponseSize,
        additionalInterceptors: [any HTTPInterceptor] = []
    ) {
        let standard: [any HTTPInterceptor] = [
            HeadersInterceptor.json(clientName: clientName), BearerTokenInterceptor(token: token),
        ]
        self.init(
            http: HTTPClient(
                baseURL: functionsURL,
                interceptors: standard + additionalInterceptors,
                timeout: timeout,
                maximumResponseSize: maximumResponseSize
            )
        )
    }

    /// A ``CheckInClient`` backed by this adapter.
    public var client: CheckInClient {
        CheckInClient(
            checkIn: { date, key throws(CheckInError) in try await checkIn(at: date, idempotencyKey: key) },
            history: { limit throws(CheckInError) in try await history(limit: limit) },
            triggerAlert: { () throws(CheckInError) in try await triggerAlert() },
            cancelAlert: { id throws(CheckInError) in try await cancelAlert(id: id) },
            activeAlert: { () throws(CheckInError) in try await activeAlert() }
        )
    }

    /// Calls `check-in`; the backend returns the stored record for a repeated idempotency key.
    ///
    /// - Parameters:
    ///   - date: When the person checked in.
    ///   - idempotencyKey: The id of the check-in.
    /// - Returns: The stored check-in.
    /// - Throws: A ``CheckInError``; ``CheckInError/backendFailure(_:)`` when the reply is about
    ///   another check-in.
    public func checkIn(at date: Date, idempotencyKey: UUID) async throws(CheckInError) -> CheckIn {
        let request = NetworkRequest<CheckInRequestDTO, CheckInDTO>
            .function("check-in", body: CheckInRequestDTO(date, id: idempotencyKey))
        let stored = try await call(request).domain(function: request.path)
        guard stored.id == idempotencyKey else {
            throw .backendFailure(
                "check-in answered with check-in \(stored.id) when \(idempotencyKey) was sent: it was not stored"
            )
        }
        return stored
    }

    /// Calls `history`.
    ///
    /// - Parameter limit: The maximum count, in ``CheckInClient/historyLimitRange`` (checked by the backend).
    /// - Returns: Up to `limit` check-ins, newest first.
    /// - Throws: A ``CheckInError``.
    public func history(limit: Int) async throws(CheckInError) -> [CheckIn] {
        let request = NetworkRequest<HistoryRequestDTO, HistoryResponseDTO>
            .function("history", body: HistoryRequestDTO(limit: limit))
        var result: [CheckIn] = []
        for dto in try await call(request).checkIns {
            result.append(try dto.domain(function: request.path))
        }
        return result
    }

    /// Calls `trigger-alert`.
    ///
    /// - Returns: The new active alert.
    /// - Throws: A ``CheckInError``; ``CheckInError/backendFailure(_:)`` when the reply is not an
    ///   active alert.
    public func triggerAlert() async throws(CheckInError) -> Alert {
        let request = NetworkRequest<EmptyBody, AlertDTO>.function("trigger-alert", body: EmptyBody())
        let alert = try await call(request).domain(function: request.path)
        guard alert.state == .active else {
            throw .backendFailure("trigger-alert answered with alert \(alert.id) \(alert.state), not active")
        }
        return alert
    }

    /// Calls `cancel-alert`.
    ///
    /// - Parameter id: The alert's id.
    /// - Returns: The cancelled alert.
    /// - Throws: A ``CheckInError``; ``CheckInError/backendFailure(_:)`` when the reply is not
    ///   this alert, cancelled.
    public func cancelAlert(id: UUID) async throws(CheckInError) -> Alert {
        let request = NetworkRequest<AlertIDRequestDTO, AlertDTO>
            .function("cancel-alert", body: AlertIDRequestDTO(id: id.uuidString.lowercased()))
        let alert = try await call(request).domain(function: request.path)
        guard alert.id == id else {
            throw .backendFailure("cancel-alert answered with alert \(alert.id) when \(id) was cancelled")
        }
        guard alert.state == .cancelled else {
            throw .backendFailure("cancel-alert answered that alert \(id) is still \(alert.state)")
        }
        return alert
    }

    /// Calls `active-alert`.
    ///
    /// - Returns: The active alert, or `nil`.
    /// - Throws: A ``CheckInError``; ``CheckInError/backendFailure(_:)`` when the reply is an
    ///   alert that is not active.
    public func activeAlert() async throws(CheckInError) -> Alert? {
        let request = NetworkRequest<EmptyBody, ActiveAlertResponseDTO>.function("active-alert", body: EmptyBody())
        guard let alert = try await call(request).alert?.domain(function: request.path) else { return nil }
        guard alert.state == .active else {
            throw .backendFailure("active-alert answered with alert \(alert.id) \(alert.state), not active")
        }
        return alert
    }

    private func call<Request, Response>(
        _ request: NetworkRequest<Request, Response>
    ) async throws(CheckInError) -> Response {
        do {
            return try await http.send(request)
        } catch {
            throw CheckInError(httpError: error)
        }
    }
}
