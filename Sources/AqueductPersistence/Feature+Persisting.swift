import Aqueduct

extension Feature {
    /// A feature that saves a persisted part of the state whenever an action changes it.
    ///
    /// Compose it into the store's feature, after the features that change the part, and start
    /// the store from the state ``PersistedState/load(into:)`` restored:
    ///
    /// ```swift
    /// var state = AppState()
    /// settings.load(into: &state)
    /// let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
    /// ```
    ///
    /// After each action the feature compares the part with the value it last saw; a changed
    /// value goes to the persisted state's writer, which coalesces and saves it off the main
    /// actor. The feature sends no action and runs no effect: a `TestStore` asserts the change
    /// of the part as it asserts any other. When the store is released, its last change is
    /// written before the release returns.
    ///
    /// - Parameter persisted: The persisted part.
    @inlinable
    public init<Value>(persisting persisted: PersistedState<State, Value>) {
        let watcher = PersistedPartWatcher(persisted)
        self.init(reducer: .reduce { _, state in watcher.observe(&state) })
    }
}

/// Sees each change of a persisted part: the step `Feature(persisting:)` adds after the
/// reducers.
///
/// `@unchecked Sendable`: ``lastSeen`` and ``hasSeen`` are read and written only by
/// ``observe(_:)`` and ``changed(_:)``, which a feature's reducer calls on the main actor of the
/// store that holds it — every store runs its reducers there, one action at a time — and by
/// `deinit`, after the last of them; so no two threads touch them.
@usableFromInline
internal final class PersistedPartWatcher<State, Value: Codable & Equatable & Sendable>: @unchecked Sendable {
    @usableFromInline
    internal let writer: PersistenceWriter<Value>
    @usableFromInline
    internal let part: WritableKeyPath<State, Value>
    /// Where the part is in the state's memory, when it is a stored property of a struct: read
    /// there, it costs a load; through the key path, a call into the runtime.
    @usableFromInline
    internal let offset: Int?
    /// The value last seen, in memory of the watcher's own (initialised once ``hasSeen``): the
    /// part is compared with it in place, with no copy of either and no run-time exclusivity
    /// check, which an optional stored property cost — about 150 instructions an action, paid
    /// for by scenario p's budget (≤ 5 ns over the same store without persistence,
    /// `Benchmarks/README.md#scenario-p-persisted-state`).
    @usableFromInline
    internal let lastSeen: UnsafeMutablePointer<Value>
    /// Whether ``lastSeen`` holds a value: `false` before the first action when the state was
    /// not loaded, so that the first action is seen as a change.
    @usableFromInline
    @exclusivity(unchecked)
    internal var hasSeen: Bool

    @usableFromInline
    internal init(_ persisted: PersistedState<State, Value>) {
        self.writer = persisted.writer
        self.part = persisted.part
        self.offset = MemoryLayout<State>.offset(of: persisted.part)
        self.lastSeen = .allocate(capacity: 1)
        if let loaded = persisted.valueBeforeFirstAction {
            lastSeen.initialize(to: loaded)
            self.hasSeen = true
        } else {
            self.hasSeen = false
        }
    }

    // The store's last change is written before its release returns.
    deinit {
        writer.flush()
        if hasSeen { lastSeen.deinitialize(count: 1) }
        lastSeen.deallocate()
    }

    /// Compares the part with the value last seen, and hands a changed one to the writer.
    @inlinable
    @inline(__always)
    internal func observe(_ state: inout State) {
        if hasSeen {
            if let offset {
                let unchanged = withUnsafeMutablePointer(to: &state) { pointer in
                    let value = UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(
                        to: Value.self
                    )
                    return value.pointee == lastSeen.pointee
                }
                if unchanged { return }
            } else if state[keyPath: part] == lastSeen.pointee {
                return
            }
        }
        changed(state[keyPath: part])
    }

    @usableFromInline
    internal func changed(_ value: Value) {
        if hasSeen {
            lastSeen.pointee = value
        } else {
            lastSeen.initialize(to: value)
            hasSeen = true
        }
        writer.submit(value)
    }
}
