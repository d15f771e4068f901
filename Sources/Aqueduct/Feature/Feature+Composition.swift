extension Feature {
    /// Composes two features into one: `lhs`, then `rhs`.
    ///
    /// The middleware of both sees each action first, `lhs`'s before `rhs`'s; then the
    /// reducers and functions of `lhs`, then those of `rhs`, change the state; then the effects
    /// run, the middleware's first. Composition is associative and ``identity`` is its neutral
    /// element.
    ///
    /// ```swift
    /// let bridges = Feature(middleware: appBridges)
    /// let app = search.lift(action: \AppAction.Cases.search, state: \AppState.search) <> bridges
    /// ```
    ///
    /// - Returns: The composed feature.
    public static func <> (lhs: Feature, rhs: Feature) -> Feature {
        if lhs.isIdentity { return rhs }
        if rhs.isIdentity { return lhs }
        let middleware: AnyMiddleware<Action, Action, State>? =
            switch (lhs._middleware, rhs._middleware) {
            case (nil, nil): nil
            case (let first?, nil): first
            case (nil, let second?): second
            case (let first?, let second?): AnyMiddleware(MiddlewarePair(first, second))
            }
        return Feature(_reduction: lhs._reduction.then(rhs._reduction), middleware: middleware)
    }

    /// Composes any number of features, in order. An empty list gives ``identity``.
    ///
    /// - Parameter features: The features, first to last.
    /// - Returns: The composed feature.
    public static func combine(_ features: [Feature]) -> Feature {
        combine(features[...])
    }

    /// Composes the features as a balanced tree of `<>`: the same order (composition is
    /// associative), with the middleware nested log n deep, not n.
    private static func combine(_ features: ArraySlice<Feature>) -> Feature {
        switch features.count {
        case 0: return .identity
        case 1: return features[features.startIndex]
        default:
            let middle = features.startIndex + features.count / 2
            return combine(features[..<middle]) <> combine(features[middle...])
        }
    }
}
