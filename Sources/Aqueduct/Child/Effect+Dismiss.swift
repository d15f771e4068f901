extension Effect {
    /// Ends the child feature whose middleware — or ``Feature/reduce(_:)`` function — returns
    /// it: the presented child lifted with `lift(action:state:)` into an optional state is set
    /// to `nil`, the stack entry lifted with `lift(action:elements:)` into a ``ChildStack`` is
    /// popped with the entries above it.
    ///
    /// The child names no action of its parent: its lift turns the dismissal into the parent's
    /// ``PresentationAction/dismiss`` or ``StackAction/popFrom(id:)``, dispatched right after
    /// the action being handled, and from there the child's removal cancels its effects as any
    /// removal does.
    ///
    /// ```swift
    /// await store.dispatch(.detail(.presented(.close)))
    /// await store.receive(.detail(.dismiss)) { $0.detail = nil }
    /// ```
    ///
    /// A dismissal that reaches no child lift — returned by a middleware of the store itself, or
    /// by a collection element's middleware (remove an element with its parent's action) — is
    /// reported on standard error and ignored.
    public static var dismiss: Effect { Effect(.dismiss) }

    /// This effect with every ``dismiss`` in it replaced by `dismissal`: what a child lift does
    /// with its child's effect.
    func replacingDismiss(with dismissal: @autoclosure () -> Effect) -> Effect {
        switch operation {
        case .none, .send, .immediate, .run, .deriving, .finishing, .cancel, .endRemovedChildren:
            return self
        case .dismiss:
            return dismissal()
        case .merge(let effects):
            return Effect(.merge(effects.map { $0.replacingDismiss(with: dismissal()) }))
        case .cancellable(let id, let cancelInFlight, let inner):
            return Effect(
                .cancellable(id: id, cancelInFlight: cancelInFlight, inner.replacingDismiss(with: dismissal()))
            )
        case .concatenate(let effects):
            return Effect(.concatenate(effects.map { $0.replacingDismiss(with: dismissal()) }))
        case .throttle(let throttle, let inner):
            return Effect(.throttle(throttle, inner.replacingDismiss(with: dismissal())))
        case .child(let scope, let key, let inner):
            return Effect(.child(scope, key: key, inner.replacingDismiss(with: dismissal())))
        case .started(let starter, let inner):
            return Effect(.started(by: starter, inner.replacingDismiss(with: dismissal())))
        }
    }
}

/// The report of a ``Effect/dismiss`` that reached no child lift.
enum DismissOutsideChild {
    /// Writes the report to standard error.
    ///
    /// - Parameter element: The collection element whose middleware returned it, if any.
    static func report(element: String?) {
        let origin = element.map { "the middleware of collection element \($0)" } ?? "a middleware of the store"
        FileOutput.standardError.write(
            "Aqueduct: ignored .dismiss returned by \(origin): only a presented child (an optional state) "
                + "or a stack entry can dismiss itself; remove a collection element with its parent's action.\n"
        )
    }
}
