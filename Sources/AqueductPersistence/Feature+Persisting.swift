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
    internal var hasSeen: Bool {
        didSet { bytesOffset = hasSeen ? offset ?? -1 : -1 }
    }
    /// ``offset`` once ``hasSeen``, -1 before or without one: the one field the fast path of
    /// ``observe(_:)`` reads before it compares bytes.
    @usableFromInline
    @exclusivity(unchecked)
    internal var bytesOffset = -1

    @usableFromInline
    internal init(_ persisted: PersistedState<State, Value>) {
        self.writer = persisted.writer
        self.part = persisted.part
        self.offset = MemoryLayout<State>.offset(of: persisted.part)
        self.lastSeen = .allocate(capacity: 1)
        if let loaded = persisted.valueBeforeFirstAction {
            lastSeen.initialize(to: loaded)
            self.hasSeen = true
            self.bytesOffset = offset ?? -1
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
    ///
    /// The fast path — the part's bytes equal to those last seen — calls nothing, so it needs
    /// no registers saved: everything else is ``observeSlowly(_:)``'s. Paid for by scenario p's
    /// budget.
    @inlinable
    @inline(__always)
    internal func observe(_ state: inout State) {
        let offset = bytesOffset
        if offset >= 0 {
            let unchanged = withUnsafeMutablePointer(to: &state) { pointer in
                Self.sameBytes(UnsafeRawPointer(pointer).advanced(by: offset), UnsafeRawPointer(lastSeen))
            }
            if unchanged { return }
        }
        observeSlowly(&state)
    }

    /// Compares the part with the value last seen with `==` — bytes that differ may still be
    /// equal values (a new buffer with the same contents) — and hands a changed one to the
    /// writer.
    @usableFromInline
    @inline(never)
    internal func observeSlowly(_ state: inout State) {
        if hasSeen {
            if let offset {
                let unchanged = withUnsafeMutablePointer(to: &state) { pointer in
                    UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
                        == lastSeen.pointee
                }
                if unchanged { return }
            } else if state[keyPath: part] == lastSeen.pointee {
                return
            }
        }
        changed(state[keyPath: part])
    }

    /// Whether the part's bytes equal those of the value last seen: if so, the part has not
    /// changed, and `==` need not run.
    ///
    /// Equal bytes are the same value: a reference in them is the same object, and a
    /// copy-on-write buffer the part shares with ``lastSeen`` is never written in place, since
    /// ``lastSeen`` holds a reference to it too. (A class in the part written in place is not
    /// seen by `==` either: both sides are the one object.) Bytes that differ — a new buffer
    /// with the same contents, padding — are left to `==`.
    @inlinable
    @inline(__always)
    internal static func sameBytes(_ part: UnsafeRawPointer, _ last: UnsafeRawPointer) -> Bool {
        let size = MemoryLayout<Value>.size
        var offset = 0
        while offset &+ 8 <= size {
            if part.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != last.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        while offset < size {
            if part.load(fromByteOffset: offset, as: UInt8.self) != last.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset &+= 1
        }
        return true
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
