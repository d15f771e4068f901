/// An immutable array of objects whose elements are lent to a caller without being retained.
///
/// Why: calling a closure held by an element of an ordinary array retains the closure's context
/// before the call and releases it after — the optimiser cannot prove that the call leaves the
/// array's buffer alone — which is two atomic operations per element on loops whose per-element
/// work is a few nanoseconds: the bridges matched before the reducer, the parts of a composed
/// middleware, the path watchers compared after each action. Here the array owns its objects, so
/// each lives as long as the array does, and ``withElement(at:_:)`` lends one for the length of a
/// call without touching its reference count.
///
/// The caller must keep the array alive while it uses an element — hold it in a local or a `let`
/// of something that is itself alive — and never let the element escape the closure. A loop
/// over an array that the loop's own work may replace (an observer that subscribes) copies it to
/// a local first, which retains the storage once for the whole loop.
@usableFromInline
internal struct UnretainedArray<Element: AnyObject> {
    /// The objects, owned.
    @usableFromInline
    internal let objects: [Element]
    /// The same objects, unowned: reading one from here costs no retain.
    @usableFromInline
    internal let references: [Unmanaged<Element>]

    @usableFromInline
    internal init(_ objects: [Element]) {
        self.objects = objects
        self.references = objects.map { Unmanaged.passUnretained($0) }
    }

    @usableFromInline
    internal init() {
        self.init([])
    }

    /// The number of objects.
    @inlinable
    internal var count: Int { references.count }

    /// `true` when there is no object.
    @inlinable
    internal var isEmpty: Bool { references.isEmpty }

    /// Calls `body` with the object at `index`, which stays alive for the call because this
    /// array owns it.
    ///
    /// - Parameters:
    ///   - index: A valid index.
    ///   - body: Uses the object; it must not keep it.
    /// - Returns: What `body` returns.
    @inlinable
    internal func withElement<Result>(at index: Int, _ body: (Element) throws -> Result) rethrows -> Result {
        try references[index]._withUnsafeGuaranteedRef(body)
    }

    /// This array with `element` added at the end.
    @usableFromInline
    internal func appending(_ element: Element) -> UnretainedArray {
        UnretainedArray(objects + [element])
    }

    /// This array without the objects for which `shouldRemove` returns `true`.
    @usableFromInline
    internal func removingAll(where shouldRemove: (Element) -> Bool) -> UnretainedArray {
        UnretainedArray(objects.filter { !shouldRemove($0) })
    }
}

extension UnretainedArray: Sendable where Element: Sendable {}
