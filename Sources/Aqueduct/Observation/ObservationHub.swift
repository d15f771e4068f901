import Observation

/// Everything that observes parts of one store's state: synchronous path observers, state
/// streams and Observation-framework trackers (of the store and of all its projections).
///
/// A store creates its hub on first use. While the hub watches anything, the store's
/// `hasObservers` flag is set and the store calls ``storeDidProcess()`` after each action; when
/// it watches nothing, the flag falls back to the plain observers, so a store nobody observes
/// keeps the fast path. The hub reads the state in place: no copy of the whole state per action. After each processed action it compares, once per
/// distinct watched path, the value with the previous one and tells only the receivers of the
/// paths that changed. Observers of the same path with `==` share one watcher, so the work per
/// action grows with the number of distinct watched paths, not with the number of observers,
/// projections or their depth.
///
/// ## The Observation framework
/// The store's state is a generic value, so the registrar cannot see its fields. Instead,
/// a tracked read (`store.someField`, `projection.someField`: ``StateObservable``'s dynamic
/// members) calls `registrar.access` with a key that stands for the state path read, and *arms* that
/// path. After an action, an armed path whose value changed is disarmed and its key gets
/// `willSet`/`didSet`, which fires exactly the trackers that read it. Firing ends those
/// trackers, so a path stays armed only until its next change; a tracker that wants more
/// reads again, which re-arms it. The registrar is told after the reducer ran: trackers see
/// the new state in their `onChange`.
///
/// ## Lifetime
/// The store is the hub's only owner and releases it on the main actor (the store's deinit is
/// isolated), so the hub's own deinit runs there, at once: it clears ``HubLink/hub`` and ends
/// every stream before any other main-actor code can see a dying hub.
@MainActor
@usableFromInline
internal final class ObservationHub<State>: Observable, ObservationTarget {
    /// The store's state (see ``RawStateMemory``). Held strongly: the memory holds the hub too
    /// (``MainActorEngineFields/observation``), and the store breaks that cycle in its deinit.
    private let memory: RawStateMemory
    private let watchingChanged: @MainActor () -> Void
    /// Whether the hub watches anything; the store calls ``storeDidProcess()`` while it does.
    private(set) var isWatching = false
    /// Whether any path is watched; the store calls ``storeDidProcess()`` only then.
    // Unchecked exclusivity, like `words` and `stateObservers`: read by the store after each
    // action, written when observers come and go, never during a read.
    // Kept with `stateObservers` for the instruction gate's c/aqueduct (checked: +16%) and h's observer rows.
    @usableFromInline
    @exclusivity(unchecked)
    private(set) var hasPathWatchers = false
    private var watchers: [Watcher] = [] {
        didSet {
            words = watchers.map { watcher in
                guard let stored = watcher.storedWord else { return WatchedWord(stored: nil, last: 0) }
                return WatchedWord(stored: memory.checked(stored), last: watcher.lastWord())
            }
            watchersVersion &+= 1
        }
    }
    /// Per watcher, in the same order: its ``StoredWord`` and the bytes last seen there (none
    /// when its value is always compared generically). Read and written only by
    /// ``storeDidProcess()`` and the `didSet` of ``watchers``, never during each other.
    // Unchecked for the instruction gate's h/observers_1000_one_path (checked: +17%) and h/observers_10 (+11%).
    @exclusivity(unchecked)
    private var words: [WatchedWord] = []
    /// Counts the changes of ``watchers``, so that ``storeDidProcess()`` sees when an observer it
    /// called subscribed or unsubscribed.
    private var watchersVersion = 0
    /// Observers of the whole state, which the store calls itself (see ``StateObservers``).
    @usableFromInline
    @exclusivity(unchecked)
    private(set) var stateObservers: StateObservers<State>?
    private var shared: [AnyKeyPath: Watcher] = [:]
    private let registrar = ObservationRegistrar()
    private let link = HubLink<State>()

    /// - Parameters:
    ///   - memory: The store's state; the store owns the hub, so the state outlives it.
    ///   - watchingChanged: Tells the store that ``isWatching`` changed, so it updates its
    ///     `hasObservers` flag.
    init(memory: RawStateMemory, watchingChanged: @escaping @MainActor () -> Void) {
        self.memory = memory
        self.watchingChanged = watchingChanged
        link.hub = self
    }

    isolated deinit {
        link.hub = nil
        for watcher in watchers { watcher.finishAll() }
    }

    /// The member the registrar tracks for a state path. Its value means nothing; its key
    /// path, `\ObservationHub.[_tracking: statePath]`, is the tracking key.
    nonisolated subscript(_tracking path: AnyKeyPath) -> Void { () }

    /// The number of distinct paths watched, for tests.
    var watchedPathCount: Int { watchers.count }

    // MARK: Reading with tracking

    /// Reads the value at `path` and, inside `withObservationTracking`, tracks that path.
    @usableFromInline
    func trackedRead<Value: Equatable>(_ path: KeyPath<State, Value>) -> Value {
        let watcher = sharedWatcher(for: path)
        let value = watcher.path.read(from: memory)
        watcher.isArmed = true
        registrar.access(self, keyPath: trackingPath(of: watcher, path: path))
        return value
    }

    // MARK: Observers and streams

    /// Calls `observer` with the value at `path` after each action that changed it.
    @usableFromInline
    func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        let sink = WatcherSink<Value> { value in
            observer(value)
            return true
        }
        let watcher = addSink(sink, path: path, isDuplicate: isDuplicate, sharing: sharing)
        // The subscription may outlive the hub, so it reaches it through `link`, not a weak
        // reference: a weak reference gives the hub a side table, which makes every retain of
        // it — one per processed action — take the slow path.
        let link = self.link
        return StoreSubscription {
            link.hub?.remove(sink, from: watcher)
        }
    }

    /// Calls `observer` with the whole state after each processed action (that changed it, by
    /// `isDuplicate`, when given). The store calls these observers itself (see
    /// ``StateObservers``).
    ///
    /// - Parameter path: `\State.self`; so `Value` is `State`.
    @usableFromInline
    func subscribeToState<Value>(
        _ path: KeyPath<State, Value>,
        isDuplicate: ((Value, Value) -> Bool)?,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        precondition(Value.self == State.self && path == \State.self as AnyKeyPath, "not the whole state")
        let observers = stateObservers ?? StateObservers()
        stateObservers = observers
        // The same object, seen with the observer's type (`Value` is `State`).
        let id = (observers as AnyObject as! StateObservers<Value>)
            .add(observer, isDuplicate: isDuplicate, current: StatePath(path).read(from: memory))
        updateWatching()
        let link = self.link
        return StoreSubscription {
            guard let hub = link.hub else { return }
            observers.remove(id)
            hub.updateWatching()
        }
    }

    /// A stream of the value at `path`, starting with the current one.
    @usableFromInline
    func stream<Value: Sendable>(
        _ path: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool
    ) -> StateStream<Value> {
        let channel = LatestValueChannel<Value>()
        let sink = WatcherSink<Value>(
            receive: { [weak channel] value in channel?.send(value) ?? false },
            finish: { [weak channel] in channel?.finish() }
        )
        let watcher = addSink(sink, path: path, isDuplicate: isDuplicate, sharing: sharing)
        channel.send(watcher.path.read(from: memory))
        return StateStream(channel: channel)
    }

    // MARK: Paths through a child that may be gone

    // A child's projection observes paths that find `nil` once its child is gone (removed,
    // popped or dismissed while a view still shows it); see `RootedChildProjection`. Their
    // watchers take `nil` as "unchanged" and keep the last value they saw, which a read then
    // returns: the path depends only on the child's id, so projections of one child share them.

    /// Reads the value at `path`, or the last one seen if the child is gone, and, inside
    /// `withObservationTracking`, tracks that path.
    ///
    /// - Parameter absent: The value to start from if the child is gone and nobody watches the
    ///   path yet: the last one the projection read.
    func trackedRead<Value: Equatable>(_ path: KeyPath<State, Value?>, whenAbsent absent: () -> Value) -> Value {
        let watcher = sharedWatcher(
            for: path,
            isDuplicate: skippingAbsence { $0 == $1 },
            comparesWithEquality: false,
            first: { $0 ?? absent() }
        )
        let value = watcher.path.read(from: memory) ?? watcher.last ?? absent()
        watcher.isArmed = true
        registrar.access(self, keyPath: trackingPath(of: watcher, path: path))
        return value
    }

    /// Calls `observer` with the value at `path` after each action that changed it, and not
    /// while the child is gone.
    func subscribe<Value>(
        _ path: KeyPath<State, Value?>,
        whenAbsent absent: () -> Value,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        let sink = WatcherSink<Value?> { value in
            // Never `nil`: the watcher takes `nil` as no change.
            if let value { observer(value) }
            return true
        }
        let watcher = addSink(
            sink,
            path: path,
            isDuplicate: skippingAbsence(isDuplicate),
            sharing: sharing,
            first: { $0 ?? absent() }
        )
        let link = self.link
        return StoreSubscription {
            link.hub?.remove(sink, from: watcher)
        }
    }

    /// A stream of the value at `path`, starting with the current one (or the last one seen if
    /// the child is gone), and with none while the child is gone.
    func stream<Value: Sendable>(
        _ path: KeyPath<State, Value?>,
        whenAbsent absent: () -> Value,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool
    ) -> StateStream<Value> {
        let channel = LatestValueChannel<Value>()
        let sink = WatcherSink<Value?>(
            receive: { [weak channel] value in
                // Never `nil`: the watcher takes `nil` as no change.
                guard let value else { return channel != nil }
                return channel?.send(value) ?? false
            },
            finish: { [weak channel] in channel?.finish() }
        )
        let watcher = addSink(
            sink,
            path: path,
            isDuplicate: skippingAbsence(isDuplicate),
            sharing: sharing,
            first: { $0 ?? absent() }
        )
        channel.send(watcher.path.read(from: memory) ?? watcher.last ?? absent())
        return StateStream(channel: channel)
    }

    // MARK: Bookkeeping

    /// The registrar's key for a watched path: `\ObservationHub.[_tracking: path]`, made once.
    private func trackingPath(of watcher: Watcher, path: AnyKeyPath) -> KeyPath<ObservationHub<State>, Void> {
        if let key = watcher.trackingKey {
            // Made below, with this type.
            return key as! KeyPath<ObservationHub<State>, Void>
        }
        let key = \ObservationHub<State>.[_tracking: path]
        watcher.trackingKey = key
        return key
    }

    private func sharedWatcher<Value: Equatable>(for path: KeyPath<State, Value>) -> PathWatcher<State, Value> {
        sharedWatcher(for: path, isDuplicate: { $0 == $1 }, comparesWithEquality: true) { $0 }
    }

    /// The watcher everyone who compares the value at `path` with `isDuplicate` (the value's
    /// `==`, or ``skippingAbsence(_:)`` of it) shares; made with the value `first` gives for
    /// the one read now if there is none yet.
    private func sharedWatcher<Value>(
        for path: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        comparesWithEquality: Bool,
        first: (Value) -> Value
    ) -> PathWatcher<State, Value> {
        if let existing = shared[path] {
            // The dictionary is keyed by the typed path, so the watcher's value type is `Value`.
            return existing as! PathWatcher<State, Value>
        }
        let statePath = StatePath(path)
        let watcher = PathWatcher(
            path: statePath,
            sharingKey: path,
            isDuplicate: isDuplicate,
            comparesWithEquality: comparesWithEquality,
            last: first(statePath.read(from: memory))
        )
        shared[path] = watcher
        append(watcher)
        return watcher
    }

    @discardableResult
    private func addSink<Value>(
        _ sink: WatcherSink<Value>,
        path: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool,
        first: (Value) -> Value = { $0 }
    ) -> PathWatcher<State, Value> {
        // `first` makes the value a new watcher starts from out of the one read now: the last
        // value seen, for a path through a child that is gone.
        let statePath = StatePath(path)
        let read = statePath.read(from: memory)
        let current = first(read)
        let watcher: PathWatcher<State, Value>
        if sharing, let existing = shared[path] {
            // Keyed by the typed path: the value type is `Value`.
            let candidate = existing as! PathWatcher<State, Value>
            if candidate.isDuplicate(candidate.last, read) {
                watcher = candidate
            } else {
                // Subscribed in the middle of processing an action that changed the value: the
                // shared watcher has a change to deliver that this observer has already seen.
                watcher = PathWatcher(
                    path: statePath,
                    sharingKey: nil,
                    isDuplicate: isDuplicate,
                    comparesWithEquality: true,
                    last: current
                )
                append(watcher)
            }
        } else {
            watcher = PathWatcher(
                path: statePath,
                sharingKey: sharing ? path : nil,
                isDuplicate: isDuplicate,
                comparesWithEquality: sharing,
                last: current
            )
            if sharing { shared[path] = watcher }
            append(watcher)
        }
        watcher.add(sink)
        return watcher
    }

    private func append(_ watcher: Watcher) {
        watchers.append(watcher)
        updateWatching()
    }

    private func remove<Value>(_ sink: WatcherSink<Value>, from watcher: PathWatcher<State, Value>) {
        watcher.remove(sink)
        if watcher.isIdle { drop(watcher) }
    }

    private func drop(_ watcher: Watcher) {
        watchers.removeAll { $0 === watcher }
        if let key = watcher.sharingKey, shared[key] === watcher { shared[key] = nil }
        updateWatching()
    }

    /// Sets ``isWatching`` from the watchers and the whole-state observers, and tells the store
    /// when it changed.
    private func updateWatching() {
        hasPathWatchers = !watchers.isEmpty
        let isWatching = hasPathWatchers || stateObservers?.isEmpty == false
        guard isWatching != self.isWatching else { return }
        self.isWatching = isWatching
        watchingChanged()
    }

    /// After each processed action: compare every watched path once, deliver the changes,
    /// fire the trackers of armed paths that changed, and drop watchers nobody needs.
    @usableFromInline
    func storeDidProcess() {
        guard hasPathWatchers else { return }
        var hasIdle = false
        let watchers = self.watchers
        let version = watchersVersion
        for index in watchers.indices {
            // The bytes first: no generic code for a value whose bytes did not change. Only while
            // `words` still lines up with `watchers`, which an observer may have changed.
            if version == watchersVersion, let stored = words[index].stored {
                let now = memory.word(at: stored)
                if now == words[index].last { continue }
                words[index].last = now
            }
            let watcher = watchers[index]
            guard watcher.check(memory) else { continue }
            if watcher.isArmed {
                // Disarm first: a tracker's onChange may read the path again, which re-arms it.
                watcher.isArmed = false
                // Only shared watchers are armed, and arming made their tracking key.
                let key = watcher.trackingKey as! KeyPath<ObservationHub<State>, Void>
                registrar.willSet(self, keyPath: key)
                registrar.didSet(self, keyPath: key)
            }
            if watcher.isIdle { hasIdle = true }
        }
        if hasIdle {
            for watcher in self.watchers where watcher.isIdle {
                if let key = watcher.sharingKey, shared[key] === watcher { shared[key] = nil }
            }
            self.watchers.removeAll { $0.isIdle }
            updateWatching()
        }
    }
}

/// A watcher's stored word, as ``ObservationHub/storeDidProcess()`` compares it (see
/// ``StoredWord``). Not nested in the generic hub: a nested type's metadata would be looked
/// up on every use.
internal struct WatchedWord {
    /// Where the value lies, checked against the state, or `nil` for a watcher compared
    /// generically.
    let stored: CheckedWord?
    /// The bytes at `offset` when last compared.
    var last: UInt64
}

/// How a subscription reaches its hub without a weak reference, which would give the hub a side
/// table and make every retain of it — one per processed action — take the slow path.
///
/// `unowned`, checked: reading it while the hub is being deinitialised would stop the program
/// rather than read freed memory. That cannot happen: the hub sets `hub` to `nil` first thing
/// in its deinit, which runs on the main actor as soon as the store releases it (see
/// ``ObservationHub``), and a subscription reads `hub` only on the main actor.
@MainActor
internal final class HubLink<State> {
    unowned var hub: ObservationHub<State>?
}

/// `isDuplicate` for a path through a child that may be gone: `nil`, the child gone, is no
/// change, so a watcher keeps the last value it saw; a watcher starts from a value, so `last`
/// is never `nil`.
private func skippingAbsence<Value>(
    _ isDuplicate: @escaping (Value, Value) -> Bool
) -> (Value?, Value?) -> Bool {
    { last, now in
        guard let now else { return true }
        guard let last else { return false }
        return isDuplicate(last, now)
    }
}
