// Aqueduct's operators and their precedence, declared in one place; each operator's functions
// live with the types they build (`Reducer.swift`, `MiddlewarePair.swift`,
// `Feature+Composition.swift`, `Bridge+Operator.swift`).

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

/// Precedence of `-->`, the operator that writes a ``Bridge``.
///
/// Lower than every operator an operand of a bridge is likely to use — `??`, comparisons, the
/// ternary conditional — so `\.lifecycle.didBecomeActive --> flag ? a : b` groups as
/// `path --> (flag ? a : b)`. Non-associative: `a --> b --> c` is an error, since a bridge is not
/// an action; chain bridges by adding one per hop to a ``BridgeMiddleware``.
precedencegroup BridgePrecedence {
    associativity: none
    lowerThan: TernaryPrecedence
    higherThan: AssignmentPrecedence
}

/// Builds a ``Bridge``: the case to match on the left, the action to send on the right.
infix operator --> : BridgePrecedence
