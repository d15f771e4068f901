import Aqueduct

/// An action a store or a middleware under test dispatched, with its source.
///
/// ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)-(CaseKeyPath<Action,Value>,_,_,_,_,_,_)`` returns the action it
/// received; ``MiddlewareTester`` lists what a middleware dispatched as `DispatchedAction`s, in
/// order, so a test can check "who sent me" as well as "what":
///
/// ```swift
/// let tester = MiddlewareTester(CounterMiddleware(), state: CounterState())
/// let line = #line + 1
/// let sent = await tester.handle(.incrementTwice)
/// #expect(sent.map(\.action) == [.increment, .increment])
/// #expect(sent.allSatisfy { $0.source.line == UInt(line) })
/// #expect(sent.allSatisfy { $0.source.info == "Sent by an effect of incrementTwice" })
/// ```
///
/// A value; `Sendable` when the action is. Its `description` is the action's.
public struct DispatchedAction<Action> {
    /// The action.
    public let action: Action

    /// Where it came from: the call site that dispatched it and what happened on the way.
    public let source: ActionSource

    /// Creates a record of a dispatched action.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source.
    public init(action: Action, source: ActionSource) {
        self.action = action
        self.source = source
    }

    /// The action as logs show it, without module prefixes:
    /// `reachability(ReachabilityEvent.startMonitoring)`.
    public var description: String {
        ActionDescription.describe(action)
    }
}

extension DispatchedAction: Sendable where Action: Sendable {}

extension DispatchedAction: CustomStringConvertible {}

extension DispatchedAction {
    /// One line per action, with where it came from, for failure messages; repeated lines are
    /// counted, long lists cut (see ``BulletList``).
    static func list(_ actions: [DispatchedAction]) -> String {
        BulletList.render(
            actions.map { dispatched in
                let source = dispatched.source
                var line = "\(dispatched.description) — from \(source.fileName):\(source.line)"
                if let info = source.info { line += " (\(info.split(separator: "\n").joined(separator: "; ")))" }
                return line
            }
        )
    }
}
