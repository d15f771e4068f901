/// Consumes a value so that the optimiser cannot delete the work that produced it.
///
/// `@_optimize(none)` keeps the body (empty as it is) out of the optimiser's sight, so a
/// caller cannot prove the call has no effect; `@inline(never)` keeps it a call.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns its argument, hiding the value from the optimiser: a loop over `opaque(actions)`
/// cannot be folded into one step because the optimiser no longer knows what the actions are.
@inline(never)
@_optimize(none)
func opaque<T>(_ value: T) -> T {
    value
}
