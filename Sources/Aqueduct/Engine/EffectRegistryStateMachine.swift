/// The effects of an engine that are alive: running, or returned with actions they sent
/// perhaps still waiting to be processed. A pure value behind ``LockedEngineStorage``'s lock; each
/// transition returns the tasks the storage must cancel, outside the lock.
///
/// Every asynchronous effect (a `.run`, a concatenation's task) is registered from the moment
/// it starts, and so is a synchronous one (`.send`, `.immediate`, a bridge) marked with
/// cancellation ids. An effect is identified by its token (they grow, so they order effects
/// oldest first) and carries its ``EffectLifetime``, which the actions it sends carry too.
///
/// ## Cancel means cancel
/// ``cancel(where:)`` cancels a *set* of effects — those marked with an id, those a test driver
/// names, every one — and with each, the parts of a concatenation it runs. A cancelled effect's
/// lifetime is marked at once, so that what it sent and is not processed yet is dropped, and its
/// task is cancelled. That must reach effects whose work has already returned but whose actions
/// still wait, so an effect stays here after its work returns (``Phase/returned``) until no
/// action it sent can still wait:
///
/// - in the inbox: each action records the number of the inbox take that takes it
///   (``EffectLifetime/lastTake``); once a later take has begun, that batch has been processed
///   (drains run one after another on the main actor);
/// - in the dispatch queue (a synchronous effect's): processed before the dispatch that set it
///   off returns, so before the next take begins.
///
/// An effect whose work returned sends nothing more (its lifetime is closed), so its last take
/// is known when it returns; ``retire(takes:)`` forgets it when that take's batch is done.
///
/// Cancelling is what ends a child feature's effects with the child: ``cancel(id:)`` selects
/// every effect marked with an id — all the effects of one element, say, marked with the
/// element's ``ChildEffectID``.
///
/// ## Cancelling costs what it cancels
/// The effects not cancelled yet are indexed by each of their ids, and every concatenation
/// lists its parts, so ``cancel(id:)`` and ``cancel(tokens:)`` visit only the effects they
/// cancel (and the tokens the index holds for them): popping 10,000 stack entries at once is
/// 10,000 cancels of one effect each, not 10,000 scans of every effect alive. An effect leaves
/// the index when it is cancelled (a later cancel has nothing to do to it) or forgotten.
/// ``visits`` counts that work, for tests to check that it grows linearly.
@usableFromInline
internal struct EffectRegistryStateMachine: Sendable {
    /// One alive effect.
    internal struct Entry: Sendable {
        let lifetime: EffectLifetime
        /// The ids of every `.cancellable` around the effect, outermost first.
        let ids: [EffectID]
        /// The token of the concatenation that runs this effect as one of its parts and awaits
        /// it: cancelling the concatenation cancels it, and it is not listed on its own.
        let parent: Int?
        var phase: Phase

        var token: Int { lifetime.token }
    }

    /// Where an effect's work is.
    internal enum Phase: Sendable {
        /// Registered; its work is about to start: its task is being created, or — for a
        /// synchronous effect — it runs now, on the main actor.
        case starting
        /// Its work runs in `task`.
        case running(Task<Void, Never>)
        /// Cancelled while its work runs, in `task` (`nil`: cancelled before its task was
        /// attached). Kept until the work returns, so that a test driver lists it.
        case cancelled(Task<Void, Never>?)
        /// Its work returned; kept while actions it sent before may still wait.
        case returned
    }

    /// The tokens under one id: usually one effect, held without a set.
    internal enum Tokens: Sendable {
        case one(Int)
        case many(Set<Int>)

        mutating func insert(_ token: Int) {
            switch self {
            case .one(let only): if only != token { self = .many([only, token]) }
            case .many(var tokens):
                self = .one(token)  // Drops the set's second reference before it is written.
                tokens.insert(token)
                self = .many(tokens)
            }
        }

        /// Removes `token`; `false` when none is left.
        mutating func remove(_ token: Int) -> Bool {
            switch self {
            case .one(let only): return only != token
            case .many(var tokens):
                self = .one(token)
                tokens.remove(token)
                self = .many(tokens)
                return !tokens.isEmpty
            }
        }

        var all: [Int] {
            switch self {
            case .one(let only): [only]
            case .many(let tokens): Array(tokens)
            }
        }
    }

    internal private(set) var entries: [Int: Entry] = [:]
    internal private(set) var nextToken = 0
    /// The returned effects not forgotten yet, oldest first.
    internal private(set) var retiring: [Int] = []
    /// The effects not cancelled, by each of their ids.
    internal private(set) var byID: [EffectID: Tokens] = [:]
    /// The parts each concatenation started, by its token; kept until it is forgotten.
    internal private(set) var parts: [Int: [Int]] = [:]
    /// The work cancels did: entries visited and index buckets read. Grows with the effects
    /// cancelled, not with those alive (tests check it).
    internal private(set) var visits = 0

    internal init() {}

    /// The token the next effect will get: effects registered from now on have this token or a
    /// later one.
    internal var tokenMark: Int { nextToken }

    // MARK: Transitions

    /// An effect starts: registers it, open, in ``Phase/starting``.
    ///
    /// - Parameters:
    ///   - ids: The ids of every `.cancellable` around it, outermost first.
    ///   - parent: The token of the concatenation that runs it as a part, if any.
    ///   - describe: Describes what started it.
    /// - Returns: Its lifetime, for the actions it sends to carry.
    internal mutating func register(
        ids: [EffectID],
        parent: Int?,
        describe: @escaping @Sendable () -> String
    ) -> EffectLifetime {
        defer { _checkInvariants() }
        let lifetime = EffectLifetime(token: nextToken, describe: describe)
        nextToken += 1
        var phase = Phase.starting
        if let parent, let parentEntry = entries[parent] {
            parts[parent, default: []].append(lifetime.token)
            if parentEntry.lifetime.isCancelled {
                // A part started by a concatenation already cancelled: born cancelled.
                lifetime.cancel()
                phase = .cancelled(nil)
            }
        }
        entries[lifetime.token] = Entry(lifetime: lifetime, ids: ids, parent: parent, phase: phase)
        if !lifetime.isCancelled {
            for id in ids {
                if byID[id]?.insert(lifetime.token) == nil { byID[id] = .one(lifetime.token) }
            }
        }
        return lifetime
    }

    /// What to do with an effect's task once it is attached.
    internal enum AttachAction {
        case none
        /// The effect was cancelled before its task existed: cancel the task.
        case cancel(Task<Void, Never>)
    }

    /// The task running the work of the effect `token` was created.
    internal mutating func attach(_ task: Task<Void, Never>, to token: Int) -> AttachAction {
        defer { _checkInvariants() }
        guard var entry = entries[token] else {
            // Returned before its task was attached, and already forgotten.
            return .none
        }
        switch entry.phase {
        case .starting:
            entry.phase = .running(task)
            entries[token] = entry
            return .none
        case .cancelled(nil):
            entry.phase = .cancelled(task)
            entries[token] = entry
            return .cancel(task)
        case .returned:
            return .none
        case .running, .cancelled(.some):
            preconditionFailure("EffectRegistryStateMachine: a task attached twice to effect \(token)")
        }
    }

    /// The work of the effect `token` returned: its lifetime closes, and it is forgotten — at
    /// once if no action it sent can still wait, or by ``retire(takes:)`` later.
    ///
    /// - Parameters:
    ///   - token: The effect.
    ///   - takes: The number of inbox takes so far.
    ///   - sentSynchronously: Whether the work may have queued actions on the main actor's
    ///     dispatch queue (a synchronous effect): they are processed before the next take.
    /// - Returns: `true` when the effect was running uncancelled until now.
    @discardableResult
    internal mutating func returned(_ token: Int, takes: Int, sentSynchronously: Bool = false) -> Bool {
        defer { _checkInvariants() }
        guard var entry = entries[token] else {
            preconditionFailure("EffectRegistryStateMachine: effect \(token) returned but is not registered")
        }
        let wasRunning: Bool
        switch entry.phase {
        case .starting, .running: wasRunning = true
        case .cancelled: wasRunning = false
        case .returned: preconditionFailure("EffectRegistryStateMachine: effect \(token) returned twice")
        }
        entry.lifetime.close()
        if sentSynchronously, entry.lifetime.lastTake.load(ordering: .relaxed) < takes {
            entry.lifetime.lastTake.store(takes, ordering: .relaxed)
        }
        if entry.lifetime.lastTake.load(ordering: .relaxed) < takes {
            forget(entry)
        } else {
            entry.phase = .returned
            entries[token] = entry
            retiring.append(token)
        }
        return wasRunning
    }

    /// Cancels the effects marked with `id`, and the parts of the concatenations among them,
    /// that are not cancelled yet: marks their lifetimes cancelled at once.
    ///
    /// - Returns: The tokens of the effects cancelled whose work had not returned, and their
    ///   tasks (those attached), oldest first, for the storage to cancel outside the lock.
    /// - Complexity: O(*c* log *c*) in the number *c* of effects cancelled.
    internal mutating func cancel(id: EffectID) -> (tokens: [Int], tasks: [Task<Void, Never>]) {
        visits += 1
        guard let marked = byID[id] else { return ([], []) }
        return cancel(selected: marked.all)
    }

    /// Cancels the effects whose tokens are in `tokens`, as ``cancel(id:)`` does.
    ///
    /// - Complexity: O(*c* log *c*) in the number *c* of effects cancelled, plus the smaller of
    ///   the range and the number of effects alive.
    internal mutating func cancel(tokens: Range<Int>) -> (tokens: [Int], tasks: [Task<Void, Never>]) {
        if tokens.count <= entries.count { return cancel(selected: Array(tokens)) }
        return cancel { tokens.contains($0.token) }
    }

    /// Cancels the effects `shouldCancel` selects, as ``cancel(id:)`` does: every one, those a
    /// test driver names.
    ///
    /// - Parameter shouldCancel: Selects effects by their entries (ids, token).
    /// - Complexity: O(*n* + *c* log *c*) in the numbers of alive effects and of those
    ///   cancelled.
    internal mutating func cancel(
        where shouldCancel: (Entry) -> Bool
    ) -> (tokens: [Int], tasks: [Task<Void, Never>]) {
        visits += entries.count
        return cancel(selected: entries.values.filter(shouldCancel).map(\.token))
    }

    /// Cancels the effects `selected` (tokens, perhaps forgotten or cancelled already) and
    /// the parts of the concatenations among them. An effect already cancelled is skipped:
    /// its parts were cancelled with it, or born cancelled.
    private mutating func cancel(selected: [Int]) -> (tokens: [Int], tasks: [Task<Void, Never>]) {
        defer { _checkInvariants() }
        var pending = selected
        var cancelled: [(token: Int, task: Task<Void, Never>?)] = []
        while let token = pending.popLast() {
            visits += 1
            guard var entry = entries[token], !entry.lifetime.isCancelled else { continue }
            entry.lifetime.cancel()
            unindex(entry)
            if let started = parts[token] { pending += started }
            switch entry.phase {
            case .starting:
                entry.phase = .cancelled(nil)
                cancelled.append((token, nil))
            case .running(let task):
                entry.phase = .cancelled(task)
                cancelled.append((token, task))
            case .cancelled, .returned:
                continue
            }
            entries[token] = entry
        }
        if cancelled.count > 1 { cancelled.sort { $0.token < $1.token } }
        return (cancelled.map(\.token), cancelled.compactMap(\.task))
    }

    /// Removes `entry` from the index by id.
    private mutating func unindex(_ entry: Entry) {
        for id in entry.ids {
            visits += 1
            if byID[id]?.remove(entry.token) == false { byID[id] = nil }
        }
    }

    /// Forgets `entry`: no action it sent can wait any more.
    private mutating func forget(_ entry: Entry) {
        entries[entry.token] = nil
        if !entry.lifetime.isCancelled { unindex(entry) }
        if !parts.isEmpty { parts[entry.token] = nil }
    }

    /// A take began: forgets the returned effects whose last inbox action was taken by an
    /// earlier take, whose batch has been processed.
    ///
    /// - Parameter takes: The number of takes so far, this one included.
    @usableFromInline
    internal mutating func retire(takes: Int) {
        if retiring.isEmpty { return }
        defer { _checkInvariants() }
        var forgotten: [Entry] = []
        retiring.removeAll { token in
            guard let entry = entries[token] else {
                preconditionFailure("EffectRegistryStateMachine: retiring effect \(token), which is not registered")
            }
            guard entry.lifetime.lastTake.load(ordering: .relaxed) < takes else { return false }
            forgotten.append(entry)
            return true
        }
        for entry in forgotten { forget(entry) }
    }

    // MARK: Reading

    /// Whether the effect's work has not returned.
    private static func isRunning(_ entry: Entry) -> Bool {
        if case .returned = entry.phase { return false }
        return true
    }

    /// The effects whose work has not returned, parts included.
    internal var runningCount: Int {
        entries.values.count(where: Self.isRunning)
    }

    /// The effects whose work has not returned and that are not parts of a concatenation,
    /// oldest first, each with whether it was cancelled.
    internal var running: [(entry: Entry, isCancelled: Bool)] {
        entries.values.filter { Self.isRunning($0) && $0.parent == nil }.sorted { $0.token < $1.token }.map {
            entry in
            if case .cancelled = entry.phase { return (entry, true) }
            return (entry, false)
        }
    }

    /// The tasks of the effects in ``running`` whose tokens are in `tokens`, oldest first.
    internal func tasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        running.filter { tokens.contains($0.entry.token) }.compactMap { running in
            switch running.entry.phase {
            case .running(let task), .cancelled(let task?): task
            case .starting, .cancelled(nil), .returned: nil
            }
        }
    }

    /// The tasks of the effects whose tokens are in `tokens`, parts of a concatenation
    /// included, whose work has not returned, oldest first: what a concatenation awaits of one
    /// of its parts.
    internal func partTasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        tokens.compactMap { entries[$0] }.compactMap { entry in
            switch entry.phase {
            case .running(let task), .cancelled(let task?): task
            case .starting, .cancelled(nil), .returned: nil
            }
        }
    }
}

// MARK: Invariants

extension EffectRegistryStateMachine {
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Traps unless the registry is consistent; called at the end of each transition. Compiled
    /// only with `AQUEDUCT_INTERNAL_CHECKS` (see `Package.swift`). O(*n*) in the alive effects.
    @usableFromInline
    internal func _checkInvariants() {
        var returnedCount = 0
        for (token, entry) in entries {
            precondition(entry.token == token, "EffectRegistryStateMachine: effect \(entry.token) kept as \(token)")
            precondition(
                token >= 0 && token < nextToken,
                "EffectRegistryStateMachine: effect \(token) registered, but the next token is \(nextToken)"
            )
            if let parent = entry.parent {
                precondition(
                    parent < token,
                    "EffectRegistryStateMachine: effect \(token) is a part of \(parent), a later one"
                )
            }
            // The phase and the lifetime's bits say the same thing.
            switch entry.phase {
            case .starting, .running:
                precondition(
                    entry.lifetime.isOpen,
                    "EffectRegistryStateMachine: effect \(token) runs, its lifetime not open"
                )
            case .cancelled:
                precondition(
                    entry.lifetime.isCancelled,
                    "EffectRegistryStateMachine: effect \(token) is cancelled, its lifetime not"
                )
            case .returned:
                precondition(
                    !entry.lifetime.isOpen,
                    "EffectRegistryStateMachine: effect \(token) returned, its lifetime open"
                )
                returnedCount += 1
            }
        }
        // The index by id lists registered effects only, each under one of its own ids.
        for (id, tokens) in byID {
            for token in tokens.all {
                precondition(
                    entries[token]?.ids.contains(id) == true,
                    "EffectRegistryStateMachine: effect \(token) indexed under \(id), which it is not marked with"
                )
            }
        }
        // Exactly the returned effects are retiring, each once.
        precondition(
            retiring.count == returnedCount,
            "EffectRegistryStateMachine: \(retiring.count) effects retiring, \(returnedCount) returned"
        )
        var seen = Set<Int>(minimumCapacity: retiring.count)
        for token in retiring {
            precondition(seen.insert(token).inserted, "EffectRegistryStateMachine: effect \(token) retiring twice")
            guard case .returned = entries[token]?.phase else {
                preconditionFailure("EffectRegistryStateMachine: effect \(token) retiring, but not returned")
            }
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}
