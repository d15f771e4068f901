/// Precedence of `<>`, Aqueduct's composition operator for reducers and middlewares.
///
/// Composition is associative, so the grouping does not change the result; left associativity
/// keeps the order of evaluation the order of writing.
precedencegroup AqueductCompositionPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
}

/// Composes two reducers or two middlewares, left first. See ``Reducer`` and ``Middleware``.
infix operator <> : AqueductCompositionPrecedence
