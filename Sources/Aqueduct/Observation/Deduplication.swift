/// Which values an observer of a state path hears: every value after every action, or only
/// those that differ from the last one it heard. Chosen where you observe, never by the value's
/// conformances.
///
/// ```swift
/// let subscription = store.subscribe(\.profile.name, .removingDuplicates) { names.append($0) }
/// store.dispatch(.counter(.increment))
/// store.dispatch(.profile(.rename("Grace")))
/// store.dispatch(.profile(.birthday))
/// store.dispatch(.profile(.rename("Grace")))
/// store.dispatch(.profile(.rename("Ada")))
/// #expect(names == ["Grace", "Ada"])
/// ```
///
/// Observers of one path with ``removingDuplicates`` share one comparison per action, however
/// many there are; the other two kinds are per observer. A value is compared on the main actor,
/// after the reducer.
public struct Deduplication<Value> {
    /// Whether a new value is a duplicate of the last one heard; `nil` hears every action.
    @usableFromInline
    internal let _isDuplicate: ((Value, Value) -> Bool)?
    /// Whether `_isDuplicate` is the value's `==`, which observers of one path may share.
    @usableFromInline
    internal let _isEquality: Bool

    @usableFromInline
    internal init(_isDuplicate: ((Value, Value) -> Bool)?, isEquality: Bool) {
        self._isDuplicate = _isDuplicate
        self._isEquality = isEquality
    }

    /// Every value, after every processed action, whether it changed or not — for a value that
    /// is not `Equatable`, or an observer that must run after each action.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.profile.name, .keepingDuplicates) { names.append($0) }
    /// store.dispatch(.counter(.increment))
    /// store.dispatch(.profile(.rename("Grace")))
    /// #expect(names == ["Ada", "Grace"])
    /// ```
    @inlinable
    public static var keepingDuplicates: Deduplication {
        Deduplication(_isDuplicate: nil, isEquality: false)
    }

    /// Not available for a value that is not `Equatable`: there is no `==` to compare with.
    /// Choose ``removingDuplicates(by:)`` or ``keepingDuplicates``. (This declaration exists so
    /// that the compiler says so, rather than that it cannot find the member.)
    @available(
        *,
        unavailable,
        message:
            "removingDuplicates compares with ==, and this value is not Equatable: use .removingDuplicates(by:) or .keepingDuplicates"
    )
    public static var removingDuplicates: Deduplication {
        fatalError("unavailable")
    }

    /// Only the values that `isDuplicate` does not find equal to the last one heard.
    ///
    /// ```swift
    /// let sameLength = Deduplication<String>.removingDuplicates(by: { $0.count == $1.count })
    /// let subscription = store.subscribe(\.profile.name, sameLength) { names.append($0) }
    /// store.dispatch(.profile(.rename("Eve")))  // 3 letters, was 3: a duplicate
    /// store.dispatch(.profile(.rename("Grace")))
    /// store.dispatch(.profile(.rename("Alice")))  // 5 letters again: a duplicate
    /// store.dispatch(.profile(.rename("Ada")))
    /// #expect(names == ["Grace", "Ada"])
    /// ```
    ///
    /// - Parameter isDuplicate: Returns `true` when the new value (second) is a duplicate of the
    ///   last one heard (first). Called on the main actor after each action.
    /// - Returns: The deduplication.
    @inlinable
    public static func removingDuplicates(by isDuplicate: @escaping (Value, Value) -> Bool) -> Deduplication {
        Deduplication(_isDuplicate: isDuplicate, isEquality: false)
    }
}

extension Deduplication where Value: Equatable {
    /// Only the values that differ (`!=`) from the last one heard.
    ///
    /// ```swift
    /// store.subscribe(\.profile.name, .removingDuplicates) { name in label.text = name }
    /// ```
    @inlinable
    public static var removingDuplicates: Deduplication {
        Deduplication(_isDuplicate: { $0 == $1 }, isEquality: true)
    }
}

@available(*, unavailable)
extension Deduplication: Sendable {}
