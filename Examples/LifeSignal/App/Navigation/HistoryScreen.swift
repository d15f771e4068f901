import Aqueduct
import CheckInClient

/// The history screen, pushed on ``AppState/path`` by `history` and popped by `back`: the
/// check-ins, newest first, loaded by the screen itself when it appears.
///
/// A feature written as one function (``HistoryScreen/feature(client:limit:)``), lifted into the
/// app's navigation stack with `lift(action:elements:)`; the terminal reads and drives a screen
/// through `store.projection(element:in:action:)`. Popping a screen while its rows load ends
/// the load.
public struct HistoryScreen: Equatable, Sendable {
    /// The check-ins, newest first; `nil` until they are loaded.
    public var rows: [CheckIn]?
    /// Why the rows could not be loaded, if they could not.
    public var error: CheckInError?

    /// Creates a screen with nothing loaded.
    public init() {}

    /// Whether the screen is waiting for its rows.
    public var isLoading: Bool { rows == nil && error == nil }
}

/// The actions of a ``HistoryScreen``.
public enum HistoryScreenAction: CaseAccessible, Sendable, Equatable {
    /// The screen is shown: it loads its rows.
    case onAppear
    /// The rows, newest first.
    case loaded([CheckIn])
    /// The rows could not be loaded.
    case failed(CheckInError)
}

extension HistoryScreen {
    /// The screen's feature: on appearing, it loads the last `limit` check-ins from `client`.
    ///
    /// ```swift
    /// HistoryScreen.feature(client: backend.client)
    ///     .lift(action: \AppAction.Cases.path, elements: \AppState.path)
    /// ```
    ///
    /// - Parameters:
    ///   - client: Where the check-ins come from.
    ///   - limit: How many check-ins to load.
    /// - Returns: The feature.
    public static func feature(client: CheckInClient, limit: Int = 50) -> Feature<HistoryScreenAction, HistoryScreen> {
        .reduce { action, screen in
            switch action {
            case .onAppear:
                screen = HistoryScreen()
                return .run { send throws(CheckInError) in
                    send(.loaded(try await client.history(limit: limit)))
                } catch: { error, send in
                    send(.failed(error))
                }
            case .loaded(let rows):
                screen.rows = rows
                return .none
            case .failed(let error):
                screen.error = error
                return .none
            }
        }
    }
}
