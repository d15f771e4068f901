/// The actions of a presented child feature — a detail screen, an alert, a sheet — whose state
/// is optional in its parent's: the child's own actions, and its dismissal.
///
/// The parent's action has a case holding it, and the child's reducer and middleware are lifted
/// into the optional state with `lift(action:state:)`:
///
/// ```swift
/// enum AppAction: CaseAccessible { case detail(PresentationAction<DetailAction>) /* … */ }
/// let reducer = detailReducer.lift(action: \AppAction.Cases.detail, state: \AppState.detail)
/// let middleware = DetailMiddleware().lift(action: \AppAction.Cases.detail, state: \AppState.detail)
/// store.dispatch(.detail(.presented(.refresh)))
/// store.dispatch(.detail(.dismiss))
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
