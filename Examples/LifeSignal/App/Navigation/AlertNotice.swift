import Aqueduct
import CheckInClient

/// The alert notice, presented on ``AppState/alertNotice`` while an alert triggered here is
/// active: once shown, it reminds the person every so often that the alert is active, until
/// they acknowledge it (`ack`, which dismisses it) or cancel the alert (which takes it away).
///
/// A feature written as one function (``AlertNotice/feature(clock:every:)``), lifted into the
/// app's optional state with `lift(action:state:)`; the terminal drives it through
/// `store.projection(presented:action:)`. The reminders are its effect, so they end with it.
public struct AlertNotice: Equatable, Sendable {
    /// The active alert.
    public var alert: Alert
    /// How many reminders were given.
    public var reminders = 0

    /// Creates the notice of an alert.
    ///
    /// - Parameter alert: The active alert.
    public init(alert: Alert) {
        self.alert = alert
    }
}

/// The actions of an ``AlertNotice``.
public enum AlertNoticeAction: CaseAccessible, Sendable, Equatable {
    /// The notice is shown: the reminders start.
    case onAppear
    /// A reminder is due.
    case remind
    /// The person saw the alert: the notice is dismissed.
    case acknowledge
}

extension AlertNotice {
    /// The notice's feature: once it appears, a reminder every `interval` of `clock`; an
    /// acknowledgement dismisses it.
    ///
    /// ```swift
    /// AlertNotice.feature(clock: ContinuousClock(), every: .seconds(300))
    ///     .lift(action: \AppAction.Cases.alertNotice, state: \AppState.alertNotice)
    /// ```
    ///
    /// - Parameters:
    ///   - clock: The clock the reminders wait on.
    ///   - interval: The time between two reminders.
    /// - Returns: The feature.
    public static func feature(
        clock: any Clock<Duration>,
        every interval: Duration
    ) -> Feature<
        AlertNoticeAction, AlertNotice
    > {
        .reduce { action, notice in
            switch action {
            case .onAppear:
                return .run { send in
                    do {
                        while true {
                            try await clock.sleep(for: interval)
                            send(.remind)
                        }
                    } catch {
                        // Cancelled: the notice is gone.
                    }
                }
                .cancellable(id: "reminders", cancelInFlight: true)
            case .remind:
                notice.reminders += 1
                return .none
            case .acknowledge:
                return .dismiss
            }
        }
    }
}
