/// An effect identifier of one element of a collection: the identifier the element's middleware
/// gave, and the element's id or index. Two elements' effects with the same identifier are
/// different effects, so one element cancelling its `"save"` leaves the others' alone.
struct ElementEffectID<Element: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    let element: Element
    let id: EffectID

    var description: String { "\(id) of element \(element)" }
}

extension Effect {
    /// This effect with every cancellation identifier in it (``cancellable(id:cancelInFlight:)``
    /// and ``cancel(id:)``) made an identifier of `element`, for a middleware lifted into a
    /// collection.
    ///
    /// An effect without identifiers is returned as it is, without allocating.
    ///
    /// - Parameter element: The element's id or index.
    /// - Returns: The effect, scoped to the element.
    func scoped(to element: some Hashable & Sendable) -> Effect {
        switch operation {
        case .none, .send, .immediate, .run, .deriving:
            return self
        case .merge(let effects):
            return .merge(effects.map { $0.scoped(to: element) })
        case .cancellable(let id, let cancelInFlight, let inner):
            return inner.scoped(to: element)
                .cancellable(id: ElementEffectID(element: element, id: id), cancelInFlight: cancelInFlight)
        case .cancel(let id):
            return .cancel(id: ElementEffectID(element: element, id: id))
        }
    }
}
