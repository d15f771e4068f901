/// Where a store's state lives, and the one place observation and projections read memory
/// without Swift's checks.
///
/// Why: applying a `KeyPath` at run time costs a few hundred nanoseconds on Linux, and the
/// observation hub reads one path per watched path per action, a projection one per read. When
/// a path is a chain of stored properties of structs, `MemoryLayout.offset(of:)` gives its byte
/// offset in the state, and reading it is a load from the state's memory. Other paths
/// (computed properties, subscripts, classes) are applied as key paths to the state in place.
///
/// ## The invariant
/// `address` is the address of one store's `State`, inside its runtime's `RuntimeMemory`
/// allocation: initialised before the store's `init` returns, at that address for the store's
/// whole life, freed only after the store has gone away (`RuntimeMemory`'s deinit, on the main
/// actor; the store holds it, and so may a state getter a middleware kept). So reading through
/// it is safe when:
/// - the reader keeps the store alive (a projection holds its root store) or is owned by it
///   (the observation hub and its watchers, which the store releases on the main actor, in its
///   `isolated deinit`);
/// - the read happens on the main actor, where the state is only written by the store's
///   processing, which never runs while a reader does (observers are told after the reducer);
/// - `Root` is the store's `State`, and an offset is `MemoryLayout<Root>.offset(of:)` of a key
///   path to a `Value` — a stored property of that type at exactly that offset.
///
/// Every holder says which store it reads and why it outlives nothing; nothing else in
/// `Observation/` and `Projection/` touches raw memory.
@usableFromInline
internal struct StateMemory {
    /// The address of the store's state.
    @usableFromInline
    internal let address: UnsafeRawPointer

    @usableFromInline
    internal init(address: UnsafeRawPointer) {
        self.address = address
    }

    /// The stored `Value` at `offset` in the state.
    ///
    /// Inlinable so that a projection's `state` is a load at a fixed offset in the caller's
    /// specialised code (benchmark scenario h reads through a projection 10 levels deep).
    @inlinable
    internal func load<Value>(at offset: Int, as type: Value.Type = Value.self) -> Value {
        address.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// The `size` bytes at `offset` (at most 8), as the low bytes of a word: what a
    /// ``StoredWord`` compares.
    internal func word(at offset: Int, size: Int) -> UInt64 {
        let bytes = address.advanced(by: offset)
        switch size {
        case 8: return bytes.loadUnaligned(as: UInt64.self)
        case 4: return UInt64(bytes.loadUnaligned(as: UInt32.self))
        case 2: return UInt64(bytes.loadUnaligned(as: UInt16.self))
        case 1: return UInt64(bytes.load(as: UInt8.self))
        default:
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: size)) }
            return word
        }
    }

    /// The value at `keyPath` in the state, whose type is `Root`: a load when `offset` (its
    /// offset in `Root`) is known, the key path applied to the state in place otherwise.
    ///
    /// A method of a non-generic type on purpose: the hub's per-action loop calls it from
    /// unspecialised generic code, where a method of a generic type would first look up that
    /// type's metadata on every call.
    internal func read<Root, Value>(_ keyPath: KeyPath<Root, Value>, offset: Int?) -> Value {
        if let offset { return load(at: offset) }
        return address.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]
    }
}

/// A key path from a store's state with its byte offset, when it is a chain of stored
/// properties (see ``StateMemory``).
internal struct StatePath<Root, Value> {
    let keyPath: KeyPath<Root, Value>
    let offset: Int?

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value at the path in the state `memory` holds, which must be a `Root`.
    func read(from memory: StateMemory) -> Value {
        memory.read(keyPath, offset: offset)
    }
}

extension Store {
    /// Where this store's state lives (see ``StateMemory``).
    @usableFromInline
    internal var _stateMemory: StateMemory {
        let offset = MemoryLayout<RuntimeFields<Action, State>>.offset(of: \RuntimeFields<Action, State>.state)
        // `state` is a stored property of a struct, so its offset is always known.
        return StateMemory(address: UnsafeRawPointer(_fields).advanced(by: offset!))
    }
}
