/// A key path from a store's state with its byte offset, when it is a chain of stored
/// properties (see ``RawStateMemory``).
internal struct StatePath<Root, Value> {
    let keyPath: KeyPath<Root, Value>
    let offset: Int?

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value at the path in the state `memory` holds, which must be a `Root` (checked).
    @MainActor
    func read(from memory: RawStateMemory) -> Value {
        memory.read(keyPath, offset: offset)
    }
}
