/// Where a collection lift finds the element an action names.
@usableFromInline
internal enum ElementLookup: Sendable {
    /// The element at this position.
    case at(Int)
    /// No element has the id or the index.
    case missing
    /// Several elements have the id: the action reaches none of them, rather than the first,
    /// and is reported.
    case duplicated(count: Int)
}

extension Array where Element: Identifiable {
    /// Finds the one element with `id`: the whole array is read, so that a duplicated id is
    /// found wherever its copies are.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    internal func lookup(id: Element.ID) -> ElementLookup {
        guard let first = firstIndex(where: { $0.id == id }) else { return .missing }
        var count = 1
        var position = first + 1
        while position < endIndex {
            if self[position].id == id { count += 1 }
            position += 1
        }
        return count == 1 ? .at(first) : .duplicated(count: count)
    }
}
