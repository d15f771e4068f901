/// One receiver of a watched value: a synchronous observer or the channel of a stream.
@MainActor
internal final class WatcherSink<Value> {
    /// Delivers a value; returns `false` when the receiver is gone and the sink can be dropped.
    let receive: @MainActor (Value) -> Bool
    /// Ends the receiver when the store goes away.
    let finish: @MainActor () -> Void
    var isActive = true

    init(receive: @escaping @MainActor (Value) -> Bool, finish: @escaping @MainActor () -> Void = {}) {
        self.receive = receive
        self.finish = finish
    }
}

/// A value of the state the ``ObservationHub`` compares after each processed action, with
/// everyone who wants to hear when it changes.
///
/// The base class is what the hub iterates; ``PathWatcher`` holds the typed path. The base is
/// deliberately not generic: the hub's per-action loop runs in unspecialised code, where
/// iterating an array of a generic class would look up that type's metadata on every action.
@MainActor
internal class Watcher {
    /// The path, when this watcher is shared by everyone who observes the path with `==`.
    let sharingKey: AnyKeyPath?
    /// Whether an Observation-framework tracker read the path since its last change.
    var isArmed = false
    /// The key the registrar tracks this path under (a `KeyPath<ObservationHub<State>, Void>`),
    /// made when the path is first read with tracking.
    var trackingKey: AnyKeyPath?
    /// Where the value's bytes are, when they alone can tell that it has not changed.
    let storedWord: StoredWord?

    init(sharingKey: AnyKeyPath?, storedWord: StoredWord?) {
        self.sharingKey = sharingKey
        self.storedWord = storedWord
    }

    /// The bytes of the value last compared, as ``RawStateMemory/word(at:)`` reads them; only
    /// called when ``storedWord`` is not `nil`.
    func lastWord() -> UInt64 { 0 }

    /// Nobody listens and no tracker waits: the hub can drop this watcher.
    var isIdle: Bool { !isArmed && !hasSinks }

    var hasSinks: Bool { false }

    /// Compares the value in the state `memory` holds with the last one and, if it changed,
    /// delivers it.
    ///
    /// - Returns: Whether the value changed.
    func check(_ memory: RawStateMemory) -> Bool { false }

    /// Ends every receiver; the store is going away.
    func finishAll() {}
}

/// A ``Watcher`` of the value at one key path.
@MainActor
internal final class PathWatcher<State, Value>: Watcher {
    let path: StatePath<State, Value>
    // The path's parts again, as the class's own fields: reading them from `path` in the
    // unspecialised `check` would look up `StatePath<State, Value>`'s metadata each time.
    private let offset: Int?
    private let keyPath: KeyPath<State, Value>
    let isDuplicate: (Value, Value) -> Bool
    /// The value after the last processed action.
    var last: Value
    private var sinks: [WatcherSink<Value>] = []

    /// - Parameter comparesWithEquality: `isDuplicate` is the value's `==`, so that equal bytes
    ///   mean a duplicate (see ``StoredWord``).
    init(
        path: StatePath<State, Value>,
        sharingKey: AnyKeyPath?,
        isDuplicate: @escaping (Value, Value) -> Bool,
        comparesWithEquality: Bool,
        last: Value
    ) {
        self.path = path
        self.offset = path.offset
        self.keyPath = path.keyPath
        self.isDuplicate = isDuplicate
        self.last = last
        let storedWord: StoredWord? =
            if comparesWithEquality, let offset = path.offset, _isPOD(Value.self), MemoryLayout<Value>.size <= 8 {
                StoredWord(offset: offset, size: MemoryLayout<Value>.size)
            } else {
                nil
            }
        super.init(sharingKey: sharingKey, storedWord: storedWord)
    }

    override func lastWord() -> UInt64 {
        var word: UInt64 = 0
        withUnsafeBytes(of: last) { bytes in
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: bytes) }
        }
        return word
    }

    override var hasSinks: Bool { !sinks.isEmpty }

    func add(_ sink: WatcherSink<Value>) {
        sinks.append(sink)
    }

    func remove(_ sink: WatcherSink<Value>) {
        sink.isActive = false
        sinks.removeAll { $0 === sink }
    }

    override func check(_ memory: RawStateMemory) -> Bool {
        // `memory` is the state of the hub's store, a `State` (see `RawStateMemory`).
        let value: Value = memory.read(keyPath, offset: offset)
        if isDuplicate(last, value) { return false }
        last = value
        var hasGoneSinks = false
        for sink in sinks where sink.isActive {
            if !sink.receive(value) {
                sink.isActive = false
                hasGoneSinks = true
            }
        }
        if hasGoneSinks { sinks.removeAll { !$0.isActive } }
        return true
    }

    override func finishAll() {
        let sinks = self.sinks
        self.sinks = []
        for sink in sinks {
            sink.isActive = false
            sink.finish()
        }
    }
}

// Kept for the instruction gate's h/observers_1000: without it, 6.84× → 59.2× (+765%).
/// Where a watched value lies in the state when its bytes alone can tell that it has not
/// changed: a value of at most 8 bytes with no references (`_isPOD`), at a known offset (see
/// ``RawStateMemory``), compared with `==`.
///
/// For such a value equal bytes mean equal values, since `==` is reflexive — so the hub compares
/// one word per path and calls the watcher's generic comparison only when the bytes differ:
/// with many observed paths, the generic `==` per path per action would dominate a dispatch.
/// The one value `==` does not find equal to itself, a floating-point NaN, counts as unchanged
/// while its bytes stay the same.
internal struct StoredWord {
    /// The value's byte offset in the state.
    let offset: Int
    /// The value's size in bytes, at most 8.
    let size: Int
}
