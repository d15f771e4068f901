import Aqueduct
import AqueductTesting
import CheckIn
import CheckInClient
import Foundation
import LifeSignalApp
import Lifecycle
import LifecycleAdapters
import ReachabilityAdapters

/// What a replay of a LifeSignal recording runs: the app's feature as the composition root
/// builds it, with clients that answer at once and the same way every time. The tests that
/// `AqueductDevTools test … --using LifeSignalReplay` writes take their app from here.
@MainActor
enum LifeSignalReplay {
    /// The date every check-in and alert is stamped with.
    nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)
    nonisolated static let checkInID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    nonisolated static let alertID = UUID(uuidString: "AAAAAAAA-0000-0000-0000-000000000001")!

    /// The state before a session's first action: what `makeStore` starts from with empty storage.
    static var initialState: AppState { AppState(checkIn: CheckInState(hasSyncQueue: false)) }

    /// The clients: a backend that answers at once, no lifecycle event and no network path
    /// unless the session sends them, nothing stored.
    static func clients() -> LifeSignalClients {
        let (now, checkInID, alertID) = (Self.now, Self.checkInID, Self.alertID)
        let client = CheckInClient(
            checkIn: { date, _ throws(CheckInError) in CheckIn(id: checkInID, date: date) },
            history: { _ throws(CheckInError) in [] },
            triggerAlert: { () throws(CheckInError) in Alert(id: alertID, state: .active, triggeredAt: now) },
            cancelAlert: { id throws(CheckInError) in
                Alert(id: id, state: .cancelled, triggeredAt: now, cancelledAt: now)
            },
            activeAlert: { () throws(CheckInError) in nil }
        )
        return LifeSignalClients(
            backend: LifeSignalBackend(client: client, summary: "replay"),
            lifecycle: ScriptedLifecycle([], finishesAfterScript: false).client,
            pathMonitor: ManualPathMonitor().client
        )
    }

    /// The app's feature with ``clients()``, a silent logger and screen, and a clock that only
    /// moves when told.
    static func feature(clock: TestClock = TestClock()) -> Feature<AppAction, AppState> {
        LifeSignalApp.feature(
            clients: clients(),
            logger: .closure { _ in },
            screen: TerminalScreen(printer: .closure { _ in }),
            clock: clock,
            now: { now }
        )
    }

    /// The actions a LifeSignal session sends from outside: the terminal's commands and the
    /// lifecycle's events (none has a payload a recording would not show).
    static let decoding = ActionReplay.Decoding<AppAction>.matchingDescriptions(
        of: [
            .lifecycle(.didBecomeActive), .lifecycle(.willBecomeInactive), .lifecycle(.didEnterBackground),
            .lifecycle(.willEnterForeground), .lifecycle(.willTerminate),
            .checkIn(.checkIn), .checkIn(.refresh), .checkIn(.triggerAlert), .checkIn(.cancelAlert),
            .checkIn(.sync), .checkIn(.flush),
        ]
    )
}
