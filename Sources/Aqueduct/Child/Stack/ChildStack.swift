/// An ordered stack of child states — a navigation stack — each entry with a ``StackID`` the
/// stack gives it when it is pushed.
///
/// The parent's state holds the stack; a child feature's reducer and middleware are lifted into
/// its entries with `lift(action:elements:)`, and ``StackAction``s push and pop entries. When an
/// entry is popped, the effects its child started are cancelled.
///
/// ```swift
/// var stack = ChildStack(["a", "b"])
/// #expect(stack.ids == [StackID(0), StackID(1)])
/// let popped = stack.pop()
/// #expect(popped == "b")
/// let pushed = stack.push("c")
/// #expect(pushed == StackID(2))
/// ```
///
/// The stack is a value: reducers may also push and pop directly, and it is a random-access
/// collection of its elements, bottom first. Ids are never reused by a stack; two stacks are
/// equal when they hold the same entries with the same ids. Change a stack with its methods
/// rather than assigning a new one: a new stack's ids start again at `#0`, and an entry of it
/// with the id of an entry of the old one is taken for that entry (its effects are not ended).
public struct ChildStack<Element>: RandomAccessCollection, MutableCollection {
    /// The entries' ids, bottom first, in increasing order.
    public private(set) var ids: [StackID]
    /// The entries' states, bottom first.
    private var elements: [Element]
    /// The raw value of the id the next push gives.
    private var nextID: Int

    /// Creates a stack holding `elements`, bottom first, with the ids `#0`, `#1`, ….
    ///
    /// - Parameter elements: The entries' states, bottom first.
    public init(_ elements: [Element] = []) {
        self.elements = elements
        self.ids = elements.indices.map(StackID.init)
        self.nextID = elements.count
    }

    /// The position of the bottom entry: `0`.
    public var startIndex: Int { 0 }
    /// One past the position of the top entry: the number of entries.
    public var endIndex: Int { elements.count }

    /// The state of the entry at `position`, from the bottom.
    ///
    /// - Parameter position: A position, from 0 (the bottom) to `count - 1` (the top).
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set { elements[position] = newValue }
    }

    /// The state of the entry with `id`, or `nil` if the stack has none; setting it replaces
    /// that entry's state (setting `nil`, or setting an id the stack does not hold, changes
    /// nothing: pop entries with ``pop(from:)``).
    ///
    /// - Parameter id: An entry's id.
    /// - Complexity: O(log *n*).
    public subscript(id id: StackID) -> Element? {
        get { index(of: id).map { elements[$0] } }
        set {
            guard let newValue, let position = index(of: id) else { return }
            elements[position] = newValue
        }
    }

    /// The position of the entry with `id`, or `nil` if the stack has none.
    ///
    /// - Parameter id: An entry's id.
    /// - Returns: Its position from the bottom.
    /// - Complexity: O(log *n*): the ids are in increasing order.
    public func index(of id: StackID) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// Pushes an entry on top.
    ///
    /// - Parameter element: The new entry's state.
    /// - Returns: Its id, new to this stack.
    @discardableResult
    public mutating func push(_ element: Element) -> StackID {
        let id = StackID(nextID)
        nextID += 1
        ids.append(id)
        elements.append(element)
        return id
    }

    /// Pops the top entry.
    ///
    /// - Returns: Its state, or `nil` when the stack is empty (nothing changes).
    @discardableResult
    public mutating func pop() -> Element? {
        guard !elements.isEmpty else { return nil }
        ids.removeLast()
        return elements.removeLast()
    }

    /// Pops every entry above the one with `id`, which becomes the top.
    ///
    /// - Parameter id: The entry to keep on top.
    /// - Returns: Whether the stack holds `id`; when it does not, nothing changes.
    @discardableResult
    public mutating func pop(to id: StackID) -> Bool {
        guard let position = index(of: id) else { return false }
        removeEntries(from: position + 1)
        return true
    }

    /// Pops the entry with `id` and every entry above it: what ``Effect/dismiss`` of an entry's
    /// middleware does.
    ///
    /// - Parameter id: The lowest entry to pop.
    /// - Returns: Whether the stack holds `id`; when it does not, nothing changes.
    @discardableResult
    public mutating func pop(from id: StackID) -> Bool {
        guard let position = index(of: id) else { return false }
        removeEntries(from: position)
        return true
    }

    /// Pops every entry. The ids given so far are not given again.
    public mutating func removeAll() {
        removeEntries(from: 0)
    }

    private mutating func removeEntries(from position: Int) {
        ids.removeSubrange(position...)
        elements.removeSubrange(position...)
    }
}

extension ChildStack {
    /// Pushes or pops as `action` says: what every stack lift does with an action that is not an
    /// element's. An element's action belongs to its reducer, so it changes nothing here.
    mutating func navigate<Action>(_ action: StackAction<Element, Action>) {
        switch action {
        case .element: break
        case .push(let element): push(element)
        case .pop: pop()
        case .popTo(let id): pop(to: id)
        case .popFrom(let id): pop(from: id)
        }
    }
}

extension ChildStack: Sendable where Element: Sendable {}

extension ChildStack: Equatable where Element: Equatable {
    /// Whether both stacks hold the same entries, with the same ids, in the same order.
    public static func == (lhs: ChildStack, rhs: ChildStack) -> Bool {
        lhs.ids == rhs.ids && lhs.elements == rhs.elements
    }
}

extension ChildStack: Hashable where Element: Hashable {
    /// Hashes the entries and their ids.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(elements)
    }
}

extension ChildStack: CustomReflectable {
    /// The entries by id, bottom first: a state diff — a test store's failure message, the
    /// logger's `state:` lines — names an entry by its id, as `path[#3].title: "a" → "b"`, so a
    /// push or a pop shows as one entry added or removed rather than every position shifting.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: zip(ids, elements).map { (id: $0, state: $1) }, displayStyle: .dictionary)
    }
}
