/// A key path from a store's state, read the fast way when it allows it.
///
/// Why: applying a `KeyPath` at run time costs about 200 ns on Linux (measured in release,
/// one stored property or ten), and the hub reads one path per watcher per action. When the
/// path is a chain of stored properties of structs, `MemoryLayout.offset(of:)` gives its byte
/// offset in the state, and reading is a load from the store's state memory — a few
/// nanoseconds. Other paths (computed properties, subscripts, classes) use the key path.
internal struct StatePath<Root, Value> {
    let keyPath: KeyPath<Root, Value>
    let offset: Int?

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value at the path in the state `root` points to.
    func read(from root: UnsafePointer<Root>) -> Value {
        readStatePath(root, offset: offset, keyPath: keyPath)
    }
}

/// The value at `keyPath` (whose offset in `Root` is `offset`, if known) in the state `root`
/// points to.
///
/// A free function on purpose: the hot loops call it from unspecialised generic code, where a
/// method of `StatePath<Root, Value>` would first look up that type's metadata (a locked
/// cache lookup) on every call.
///
/// `root` must point to an initialised `Root` (a store's state, which lives as long as the
/// store); the value at `offset` is a stored property inside it, of type `Value`.
internal func readStatePath<Root, Value>(
    _ root: UnsafePointer<Root>,
    offset: Int?,
    keyPath: KeyPath<Root, Value>
) -> Value {
    if let offset {
        return UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
    return root.pointee[keyPath: keyPath]
}

extension Store {
    /// The address of the store's state, stable for the store's lifetime (it lives in the
    /// store's ``RuntimeMemory`` allocation). Only read through it on the main actor.
    internal var _statePointer: UnsafePointer<State> {
        let offset = MemoryLayout<RuntimeFields<Action, State>>.offset(of: \RuntimeFields<Action, State>.state)
        // `state` is a stored property of a struct, so its offset is always known.
        return UnsafeRawPointer(_fields).advanced(by: offset!).assumingMemoryBound(to: State.self)
    }
}
