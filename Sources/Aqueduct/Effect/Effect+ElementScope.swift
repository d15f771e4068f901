/// An effect identifier of one element of a collection: the identifier the element's middleware
/// gave, and the element's id or index. Two elements' effects with the same identifier are
/// different effects, so one element cancelling its `"save"` leaves the others' alone.
struct ElementEffectID<Element: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    let element: Element
    let id: EffectID

    var description: String { "\(id) of element \(element)" }
}

extension Effect {
    /// This effect with every identifier in it (``cancellable(id:cancelInFlight:)``,
    /// ``cancel(id:)``, and so ``debounce(id:for:clock:)``, and
    /// ``throttle(id:for:clock:latest:)``) made an identifier of `element`, for a middleware
    /// lifted into a collection: each element is debounced and throttled on its own.
    ///
    /// An effect without identifiers is returned as it is, without allocating.
    ///
    /// - Parameter element: The element's id or index.
    /// - Returns: The effect, scoped to the element.
    func scoped(to element: some Hashable & Sendable) -> Effect {
        switch operation {
        case .none, .send, .immediate, .run, .deriving, .finishing, .endRemovedChildren:
            return self
        case .child(let scope, let key, let inner):
            return Effect(.child(scope, key: key, inner.scoped(to: element)))
        case .started(let starter, let inner):
            return Effect(.started(by: starter, inner.scoped(to: element)))
        case .dismiss:
            return .immediate { _ in DismissOutsideChild.report(element: "\(element)") }
        case .merge(let effects):
            return .merge(effects.map { $0.scoped(to: element) })
        case .cancellable(let id, let cancelInFlight, let inner):
            return inner.scoped(to: element)
                .cancellable(id: ElementEffectID(element: element, id: id), cancelInFlight: cancelInFlight)
        case .cancel(let id):
            return .cancel(id: ElementEffectID(element: element, id: id))
        case .concatenate(let effects):
            return Effect(.concatenate(effects.map { $0.scoped(to: element) }))
        case .throttle(let throttle, let inner):
            return Effect(
                .throttle(
                    throttle.withID(EffectID(ElementEffectID(element: element, id: throttle.id))),
                    inner.scoped(to: element)
                )
            )
        }
    }
}
