import CheckIn
import CheckInClient
import Foundation

/// A fixed point in time the tests start from.
let start = Date(timeIntervalSince1970: 1_800_000_000)

/// A deterministic check-in id: `n` in the last group.
func checkInID(_ n: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012d", n))")!
}

/// A deterministic alert id.
let alertID = UUID(uuidString: "AAAAAAAA-0000-0000-0000-000000000001")!

extension CheckInClient {
    /// A client double whose operations answer at once (no suspension), so the test store sees
    /// every effect run to its end. Check-ins get an id from their offset from ``start`` in hours.
    static func double(
        checkIn: @escaping @Sendable (Date) throws(CheckInError) -> CheckIn = { date in
            CheckIn(id: checkInID(Int(date.timeIntervalSince(start) / 3600)), date: date)
        },
        history: @escaping @Sendable (Int) throws(CheckInError) -> [CheckIn] = { _ in [] },
        triggerAlert: @escaping @Sendable () throws(CheckInError) -> Alert = {
            Alert(id: alertID, state: .active, triggeredAt: start)
        },
        cancelAlert: @escaping @Sendable (UUID) throws(CheckInError) -> Alert = { id in
            Alert(id: id, state: .cancelled, triggeredAt: start, cancelledAt: start)
        },
        activeAlert: @escaping @Sendable () throws(CheckInError) -> Alert? = { nil }
    ) -> CheckInClient {
        CheckInClient(
            checkIn: { date, _ throws(CheckInError) in try checkIn(date) },
            history: { limit throws(CheckInError) in try history(limit) },
            triggerAlert: { () throws(CheckInError) in try triggerAlert() },
            cancelAlert: { id throws(CheckInError) in try cancelAlert(id) },
            activeAlert: { () throws(CheckInError) in try activeAlert() }
        )
    }

    /// A client whose every operation fails with `error`.
    static func failing(_ error: CheckInError) -> CheckInClient {
        .double(
            checkIn: { _ throws(CheckInError) in throw error },
            history: { _ throws(CheckInError) in throw error },
            triggerAlert: { () throws(CheckInError) in throw error },
            cancelAlert: { _ throws(CheckInError) in throw error },
            activeAlert: { () throws(CheckInError) in throw error }
        )
    }
}

extension CheckInSync {
    /// A sync double that answers at once.
    static func double(
        sync: @escaping @Sendable () throws(CheckInError) -> Int,
        pendingCount: @escaping @Sendable () throws(CheckInError) -> Int
    ) -> CheckInSync {
        CheckInSync(
            sync: { () throws(CheckInError) in try sync() },
            pendingCount: { () throws(CheckInError) in try pendingCount() }
        )
    }
}
