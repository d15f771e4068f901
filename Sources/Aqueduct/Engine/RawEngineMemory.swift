/// Where a store's state lives: the one place in the module that holds raw memory, and the
/// checked accessors everything else reads it through (the split swift-nio makes with
/// `ByteBuffer._Storage`).
///
/// Two shortcuts read the state without Swift's run-time checks, and both are here:
/// - **Loads at offsets.** Applying a `KeyPath` at run time walks its components generically,
///   many times the cost of a load, and the observation hub reads one path per watched path per
///   action, a projection one per read. When a path is a chain of stored properties of structs,
///   `MemoryLayout.offset(of:)` gives its byte offset in the state, and reading it is a load.
/// - **Words.** A small plain value's bytes are compared as one word before its `==` is called
///   (see ``StoredWord``).
///
/// Both are kept only while the benchmark's budgets for many observed paths and for projections
/// show they pay (see Benchmarks/README.md).
///
/// ## The invariant
/// The state is a `State` (``stateType``) of ``stateSize`` bytes at one address, for this
/// object's whole life: a ``RawEngineMemory`` initialises it before its `init` returns and
/// destroys it in its deinit. Readers hold this object (a projection holds its store, the
/// observation hub its store's memory), so the memory outlives every read. Reads happen on the
/// main actor, where the state is only written by its engine's processing, which never runs
/// while a reader does (observers are told after the reducer). Every accessor checks that what
/// it reads lies inside the state, and ``read(_:offset:)`` that its key path starts at it.
///
/// Not generic, on purpose: the hub's per-action loop calls it from unspecialised generic code,
/// where a method of a generic type would first look up that type's metadata on every call.
@MainActor
@usableFromInline
internal class RawStateMemory {
    /// The state's address. Only this file dereferences it.
    @usableFromInline
    internal let _stateAddress: UnsafeMutableRawPointer
    /// `MemoryLayout<State>.size`: the bound every read is checked against.
    @usableFromInline
    internal let stateSize: Int
    /// The state's type, which every key path applied in place starts at.
    internal let stateType: ObjectIdentifier

    fileprivate init(stateAddress: UnsafeMutableRawPointer, stateSize: Int, stateType: ObjectIdentifier) {
        self._stateAddress = stateAddress
        self.stateSize = stateSize
        self.stateType = stateType
    }

    /// The stored `Value` at `offset` in the state.
    ///
    /// `offset` must be `MemoryLayout<State>.offset(of:)` of a key path to a `Value`; that it
    /// lies inside the state is checked. Inlinable so that a projection's `state` is a load at
    /// a fixed offset in the caller's specialised code.
    @inlinable
    internal final func load<Value>(at offset: Int, as type: Value.Type = Value.self) -> Value {
        precondition(
            offset >= 0 && offset &+ MemoryLayout<Value>.size <= stateSize,
            "RawStateMemory: a read outside the state"
        )
        return UnsafeRawPointer(_stateAddress).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// `stored`, checked to lie inside the state: what ``word(at:)`` reads. Checked once, when
    /// the hub's watchers change, not on every read.
    internal final func checked(_ stored: StoredWord) -> CheckedWord {
        precondition(
            stored.offset >= 0 && stored.size <= 8 && stored.offset &+ stored.size <= stateSize,
            "RawStateMemory: a word outside the state"
        )
        return CheckedWord(offset: stored.offset, size: stored.size)
    }

    /// The bytes of a word this memory checked, as the low bytes of a `UInt64`: what the hub
    /// compares.
    internal final func word(at stored: CheckedWord) -> UInt64 {
        let bytes = UnsafeRawPointer(_stateAddress).advanced(by: stored.offset)
        switch stored.size {
        case 8: return bytes.loadUnaligned(as: UInt64.self)
        case 4: return UInt64(bytes.loadUnaligned(as: UInt32.self))
        case 2: return UInt64(bytes.loadUnaligned(as: UInt16.self))
        case 1: return UInt64(bytes.load(as: UInt8.self))
        default:
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: stored.size))
            }
            return word
        }
    }

    /// The value at `keyPath` in the state, which must start at the state's type: a load when
    /// `offset` (its offset in the state) is known, the key path applied to the state in place
    /// otherwise.
    internal final func read<Root, Value>(_ keyPath: KeyPath<Root, Value>, offset: Int?) -> Value {
        if let offset { return load(at: offset) }
        precondition(ObjectIdentifier(Root.self) == stateType, "RawStateMemory: a key path from another type")
        return UnsafeRawPointer(_stateAddress).assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]
    }
}

/// A ``StoredWord`` that ``RawStateMemory/checked(_:)`` found inside its state: only that method
/// makes one, so ``RawStateMemory/word(at:)`` reads it without a check.
internal struct CheckedWord {
    let offset: Int
    let size: Int

    fileprivate init(offset: Int, size: Int) {
        self.offset = offset
        self.size = size
    }
}

/// Owns the memory of an engine's ``MainActorEngineFields`` — the state and the main-actor fields of
/// its dispatch — and is the only way to them: ``fields`` for the engine, the reads of
/// ``RawStateMemory`` for observation and projections.
///
/// Why not stored properties of the engine: every access to a class's stored `var` is checked
/// for exclusivity at run time (`swift_beginAccess`/`swift_endAccess`), several per dispatch.
/// The engine's accesses cannot overlap by construction — processing is synchronous,
/// main-actor isolated and never re-entrant, and the reducer never sees the engine — so the
/// fields live in memory this object allocates, which is not checked. Kept only while the
/// benchmark's budget for a plain dispatch against a hand-written class store, and its allocation
/// gate, show it pays (see Benchmarks/README.md).
///
/// A separate object, so that a ``GetState`` a middleware keeps holds the memory (reading a
/// released store's last state is safe) without holding the engine, its reducer or its
/// middleware.
@MainActor
@usableFromInline
internal final class RawEngineMemory<Action: Sendable, State>: RawStateMemory {
    @usableFromInline
    internal let _fields: UnsafeMutablePointer<MainActorEngineFields<Action, State>>

    @usableFromInline
    internal init(state: State) {
        let fields = UnsafeMutablePointer<MainActorEngineFields<Action, State>>.allocate(capacity: 1)
        fields.initialize(to: MainActorEngineFields(state: state))
        guard let offset = MemoryLayout<MainActorEngineFields<Action, State>>.offset(of: \.state) else {
            preconditionFailure("MainActorEngineFields.state is a stored property of a struct: its offset is known")
        }
        self._fields = fields
        super.init(
            stateAddress: UnsafeMutableRawPointer(fields).advanced(by: offset),
            stateSize: MemoryLayout<State>.size,
            stateType: ObjectIdentifier(State.self)
        )
    }

    /// The fields, read and modified in place, on the main actor.
    @inlinable
    internal var fields: MainActorEngineFields<Action, State> {
        unsafeAddress { UnsafePointer(_fields) }
        unsafeMutableAddress { _fields }
    }

    isolated deinit {
        _fields.deinitialize(count: 1)
        _fields.deallocate()
    }
}
