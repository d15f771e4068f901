import CheckInClient
import Foundation

// The JSON shapes of the check-in cloud functions (see Examples/CheckIn/Backend/server.py).
// Internal: no DTO leaves this module; `domain()` maps each to a model or a `CheckInError`.

/// `check-in` request.
struct CheckInRequestDTO: Codable, Sendable {
    var id: String
    var dateMs: Int64

    enum CodingKeys: String, CodingKey {
        case id
        case dateMs = "date_ms"
    }

    init(_ date: Date, id: UUID) {
        self.id = id.uuidString.lowercased()
        self.dateMs = Millis.from(date)
    }
}

/// A check-in as the backend returns it.
struct CheckInDTO: Codable, Sendable {
    var id: String
    var dateMs: Int64

    enum CodingKeys: String, CodingKey {
        case id
        case dateMs = "date_ms"
    }

    func domain(function: String) throws(CheckInError) -> CheckIn {
        guard let uuid = UUID(uuidString: id) else {
            throw .backendFailure("malformed response from \(function): check-in id '\(id)' is not a UUID")
        }
        return CheckIn(id: uuid, date: Millis.date(dateMs))
    }
}

/// `history` request.
struct HistoryRequestDTO: Codable, Sendable {
    var limit: Int
}

/// `history` response.
struct HistoryResponseDTO: Codable, Sendable {
    var checkIns: [CheckInDTO]

    enum CodingKeys: String, CodingKey {
        case checkIns = "check_ins"
    }
}

/// `cancel-alert` request.
struct AlertIDRequestDTO: Codable, Sendable {
    var id: String
}

/// An alert as the backend returns it.
struct AlertDTO: Codable, Sendable {
    var id: String
    var state: String
    var triggeredMs: Int64
    var cancelledMs: Int64?

    enum CodingKeys: String, CodingKey {
        case id
        case state
        case triggeredMs = "triggered_ms"
        case cancelledMs = "cancelled_ms"
    }

    func domain(function: String) throws(CheckInError) -> Alert {
        guard let uuid = UUID(uuidString: id) else {
            throw .backendFailure("malformed response from \(function): alert id '\(id)' is not a UUID")
        }
        guard let alertState = AlertState(rawValue: state) else {
            throw .backendFailure("malformed response from \(function): unknown alert state '\(state)'")
        }
        return Alert(
            id: uuid,
            state: alertState,
            triggeredAt: Millis.date(triggeredMs),
            cancelledAt: cancelledMs.map(Millis.date)
        )
    }
}

/// `active-alert` response.
struct ActiveAlertResponseDTO: Codable, Sendable {
    var alert: AlertDTO?
}

/// The error body of every non-2xx answer: `{"error": {"code": "...", "message": "..."}}`.
struct ErrorBodyDTO: Codable, Sendable {
    struct Detail: Codable, Sendable {
        var code: String
        var message: String?
    }

    var error: Detail
}

/// Dates travel as integer milliseconds since 1970.
enum Millis {
    static func from(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
