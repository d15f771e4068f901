/// A FIFO queue over an array that takes from the front in amortised O(1): the taken elements
/// stay before `head` until they are half the storage, then go in one move.
struct FrontTakingQueue<Element> {
    /// The elements; those before `head` are taken.
    private var storage: [Element] = []
    private var head = 0

    /// The number of elements not taken.
    var count: Int { storage.count - head }

    /// The element `position` places after the oldest.
    subscript(position: Int) -> Element { storage[head + position] }

    /// The elements not taken, oldest first.
    var all: [Element] { Array(storage[head...]) }

    mutating func append(_ element: Element) { storage.append(element) }

    /// Takes the oldest element. Requires a non-empty queue.
    @discardableResult
    mutating func removeFirst() -> Element {
        precondition(head < storage.count, "removeFirst() on an empty queue")
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }
}

extension FrontTakingQueue: Sendable where Element: Sendable {}
