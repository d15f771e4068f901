/// Precedence of `<>`, Aqueduct's composition operator for reducers, middlewares and features.
///
/// Composition is associative, so the grouping does not change the result; left associativity
/// keeps the order of evaluation the order of writing.
precedencegroup AqueductCompositionPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
}

/// Composes two reducers, two middlewares or two features, left first. See ``Reducer``,
/// ``Middleware`` and ``Feature``.
infix operator <> : AqueductCompositionPrecedence
