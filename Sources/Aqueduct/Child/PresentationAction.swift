/// The actions of a presented child feature — a detail screen, an alert, a sheet — whose state
/// is optional in its parent's: the child's own actions, and its dismissal.
///
/// The parent's action has a case holding it, and the child's reducer and middleware are lifted
/// into the optional state with `lift(action:state:)`:
///
/// ```swift
/// await store.dispatch(.present(Detail(id: 7))) { $0.detail = Detail(id: 7) }
/// await store.dispatch(.detail(.presented(.load)))
/// await clock.advance(by: .seconds(1))
/// await store.receive(.detail(.presented(.loaded(7)))) { $0.detail?.loaded = [7] }
/// // …
/// await store.dispatch(.detail(.dismiss)) { $0.detail = nil }
/// ```
///
/// The lifted reducer sets the child's state to `nil` on ``dismiss``, and the lifted middleware
/// then cancels every effect the child started. The child dismisses itself by returning
/// ``Effect/dismiss`` from its middleware, without naming its parent's action.
public enum PresentationAction<Action> {
    /// An action of the presented child.
    case presented(Action)
    /// Ends the child: its state becomes `nil`, its effects are cancelled.
    case dismiss
}

extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
