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
/// `@unchecked Sendable`: ``lastSeen`` is read and written only by ``observe(_:)``, which a
/// feature's reducer calls on the main actor of the store that holds it — every store runs its
/// reducers there, one action at a time — so no two threads touch it.
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
    /// The value last seen; `nil` before the first action when the state was not loaded.
    @usableFromInline
    internal var lastSeen: Value?

    @usableFromInline
    internal init(_ persisted: PersistedState<State, Value>) {
        self.writer = persisted.writer
        self.part = persisted.part
        self.offset = MemoryLayout<State>.offset(of: persisted.part)
        self.lastSeen = persisted.valueBeforeFirstAction
    }

    // The store's last change is written before its release returns.
    deinit {
        writer.flush()
    }

    /// Compares the part with the value last seen, and hands a changed one to the writer.
    @inlinable
    internal func observe(_ state: inout State) {
        if let offset {
            let unchanged = withUnsafeMutablePointer(to: &state) { pointer in
                let value = UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self)
                return lastSeen == value.pointee
            }
            if unchanged { return }
        } else if lastSeen == state[keyPath: part] {
            return
        }
        changed(state[keyPath: part])
    }

    @usableFromInline
    internal func changed(_ value: Value) {
        lastSeen = value
        writer.submit(value)
    }
}
