/// The actions queued behind the one being processed, first in, first out: the queue of
/// ``DispatchStateMachine``.
///
/// A buffer whose live entries are `head..<tail`: queueing initialises the entry at the tail,
/// taking moves the entry at the head out (nothing is copied, retained or destroyed on the way),
/// and when the two meet both go back to the start, so the buffer is reused by every cascade and
/// grows only when a cascade queues more than any before it.
///
/// An entry is the action and a number, not the action's source: the sources (and the
/// lifetimes of the effects that sent the actions) are the state machine's ``QueuedOrigin``s,
/// which the actions of one sender share — an entry is a few words, not the 64 bytes of a
/// source moved in and out with its retain and release.
///
/// Why not an array emptied with `removeAll(keepingCapacity:)`: taking an action copies it (and
/// whatever it holds, retained), emptying destroys it again, and both go through the run time's
/// generic value witnesses of the element, for every queued action.
///
/// A value with reference semantics: the buffer is shared by copies. Its one owner, the state
/// machine, mutates it in place.
@usableFromInline
internal struct ActionQueue<Action> {
    /// One queued action, with a number its owner gives it (``DispatchStateMachine``: where its
    /// origin — its source and the lifetime of the effect that sent it — is). A number, not a
    /// reference: an entry with a class reference in it is copied and destroyed through slower
    /// value witnesses.
    @usableFromInline
    internal struct Entry {
        @usableFromInline var action: Action
        @usableFromInline var origin: Int

        @inlinable
        init(action: Action, origin: Int) {
            self.action = action
            self.origin = origin
        }
    }

    /// `nil` until the first action is queued.
    @usableFromInline
    internal var buffer: Buffer?

    @inlinable
    internal init() {}

    /// The number of queued actions.
    @inlinable
    internal var count: Int {
        guard let buffer else { return 0 }
        return buffer.withUnsafeMutablePointerToHeader { $0.pointee.tail - $0.pointee.head }
    }

    /// `true` when nothing is queued.
    @inlinable
    internal var isEmpty: Bool {
        guard let buffer else { return true }
        return buffer.withUnsafeMutablePointerToHeader { $0.pointee.head == $0.pointee.tail }
    }

    /// Queues an action behind the others.
    ///
    /// - Complexity: O(1), amortised over the growth of the buffer.
    @inlinable @inline(__always)
    internal mutating func append(_ action: consuming Action, origin: Int) {
        if buffer == nil || buffer.unsafelyUnwrapped.isFull { grow() }
        buffer.unsafelyUnwrapped.append(action, origin)
    }

    /// What `body` says of the first entry, read in place; `false` for an empty queue.
    @inlinable
    internal func first(_ body: (borrowing Entry) -> Bool) -> Bool {
        guard let buffer else { return false }
        return buffer.withUnsafeMutablePointers { header, entries in
            header.pointee.head < header.pointee.tail && body(entries[header.pointee.head])
        }
    }

    /// Takes the first queued action out of the queue, or returns `nil` when it is empty.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal mutating func removeFirst() -> Entry? {
        buffer?.removeFirst()
    }

    /// Takes the first queued action out of the queue, without its number; the queue must not
    /// be empty. No optional entry is made and taken apart: for an action type with a class
    /// reference in it, that goes through the entry's value witnesses.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal mutating func removeFirstAction() -> Action {
        buffer.unsafelyUnwrapped.removeFirstAction()
    }

    /// Drops every queued action.
    @inlinable
    internal mutating func removeAll() {
        buffer?.removeAll()
    }

    /// Replaces the buffer with one twice as large, holding the same entries from its start.
    // Inlinable, so that it is specialised for the app's action: unspecialised, each growth
    // looks up the buffer's and the entries' generic metadata, which cost a cascade in a new
    // store about 65 instructions per action at 100 actions (scenario k, instruction gate).
    @inlinable
    internal mutating func grow() {
        let old = buffer
        let count = self.count
        let capacity = Swift.max(16, (old?.withUnsafeMutablePointerToHeader { $0.pointee.capacity } ?? 0) * 2)
        let new = unsafeDowncast(
            Buffer.create(minimumCapacity: capacity) { _ in Header(head: 0, tail: count, capacity: capacity) },
            to: Buffer.self
        )
        if let old {
            old.withUnsafeMutablePointers { header, entries in
                new.withUnsafeMutablePointerToElements { target in
                    target.moveInitialize(from: entries + header.pointee.head, count: count)
                }
                header.pointee.head = 0
                header.pointee.tail = 0
            }
        }
        buffer = new
    }

    @usableFromInline
    internal typealias Header = ActionQueueHeader

    /// The entries, with `header.head..<header.tail` initialised.
    @usableFromInline
    internal final class Buffer: ManagedBuffer<Header, Entry> {
        // A buffer replaced by a larger one is empty: its deinit, which runs unspecialised,
        // then reads the header alone (not generic) and not the entries' type, whose metadata
        // it would look up (a few hundred instructions a growth: scenario k's budget, the
        // instruction gate, in a new store).
        deinit {
            let isEmpty = withUnsafeMutablePointerToHeader { $0.pointee.head == $0.pointee.tail }
            if !isEmpty { removeAll() }
        }

        /// Whether ``append(_:_:)`` needs a larger buffer.
        @inlinable
        internal var isFull: Bool {
            withUnsafeMutablePointerToHeader { $0.pointee.tail == $0.pointee.capacity }
        }

        /// Appends an entry; the buffer must not be full. The action is moved into the entry,
        /// not copied.
        // The header is reached through its pointer: `header` is a class property, checked for
        // exclusive access at run time on every use. The entry is initialised outside the
        // closure, which would capture the action by borrowing it (a copy); the element's
        // address stays valid while `self` does.
        @inlinable
        internal func append(_ action: consuming Action, _ origin: Int) {
            let element = withUnsafeMutablePointers { header, entries in
                defer { header.pointee.tail += 1 }
                return entries + header.pointee.tail
            }
            element.initialize(to: Entry(action: action, origin: origin))
        }

        /// Takes the first entry out, or returns `nil` when there is none.
        @inlinable
        internal func removeFirst() -> Entry? {
            withUnsafeMutablePointers { header, entries in
                guard header.pointee.head < header.pointee.tail else { return nil }
                let entry = (entries + header.pointee.head).move()
                header.pointee.head += 1
                if header.pointee.head == header.pointee.tail {
                    header.pointee.head = 0
                    header.pointee.tail = 0
                }
                return entry
            }
        }

        /// Takes the first entry's action out; there must be one.
        @inlinable
        internal func removeFirstAction() -> Action {
            let element = withUnsafeMutablePointers { header, entries in
                let element = entries + header.pointee.head
                header.pointee.head += 1
                if header.pointee.head == header.pointee.tail {
                    header.pointee.head = 0
                    header.pointee.tail = 0
                }
                return element
            }
            // The entry's memory stays as it is until the next append.
            return element.move().action
        }

        @usableFromInline
        internal func removeAll() {
            withUnsafeMutablePointers { header, entries in
                (entries + header.pointee.head).deinitialize(count: header.pointee.tail - header.pointee.head)
                header.pointee.head = 0
                header.pointee.tail = 0
            }
        }
    }
}

/// Where the live entries of an ``ActionQueue`` are, and how many fit: the buffer's `capacity`
/// would ask the allocator (`malloc_usable_size`) on every use. Not nested in the generic queue,
/// so that unspecialised code reads it without looking up its metadata.
@usableFromInline
internal struct ActionQueueHeader {
    @usableFromInline var head: Int
    @usableFromInline var tail: Int
    @usableFromInline let capacity: Int

    @usableFromInline
    init(head: Int, tail: Int, capacity: Int) {
        self.head = head
        self.tail = tail
        self.capacity = capacity
    }
}

// MARK: Invariants

extension ActionQueue {
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Traps unless `head ≤ tail ≤ capacity`, and an empty buffer's entries start at 0 (what
    /// lets it take as many entries again without growing).
    @usableFromInline
    internal func _checkInvariants() {
        guard let buffer else { return }
        let (head, tail, capacity) = buffer.withUnsafeMutablePointerToHeader {
            ($0.pointee.head, $0.pointee.tail, $0.pointee.capacity)
        }
        precondition(
            0 <= head && head <= tail && tail <= capacity,
            "ActionQueue: entries \(head)..<\(tail) in a buffer of \(capacity)"
        )
        precondition(head < tail || head == 0, "ActionQueue: empty, with its entries starting at \(head)")
    }

    /// The origin of the last queued action, if any.
    @usableFromInline
    internal var _lastOrigin: Int? {
        guard let buffer else { return nil }
        return buffer.withUnsafeMutablePointers { header, entries in
            header.pointee.tail > header.pointee.head ? entries[header.pointee.tail - 1].origin : nil
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}
