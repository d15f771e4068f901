/// An asynchronous sequence of a store's state, or of a value in it, that starts with the
/// current value and keeps only the newest value a slow consumer has not taken yet.
///
/// Get one from `values(of:)` on a ``Store`` or a ``StoreProjection`` (see
/// ``StateObservable``). The stream registers with the store when it is created, yields the
/// value at that moment first, then the value after each processed action that changed it —
/// de-duplicated with `==` when the value is `Equatable`, every action's value otherwise.
///
/// ```swift
/// for await name in store.values(of: \.profile.name, .removingDuplicates) {
///     names.append(name)  // the current name first, then each change
///     // …
/// }
/// ```
///
/// ## A slow consumer
/// The store never waits for a consumer and never queues for it: while the consumer is busy,
/// each new value replaces the one pending value (latest-value buffering). A consumer that
/// falls behind skips intermediate values and sees the newest one; dispatch costs the same
/// however slow it is, and the buffer holds at most one value.
///
/// ## Lifetime
/// The stream ends (returns `nil`) when the iterating task is cancelled or the store is
/// released. Releasing the stream and its iterator stops the observation: the store forgets
/// it after its next processed action. One task iterates a stream at a time; create one
/// stream per consumer.
///
/// `StateStream` is `Sendable`; its values cross isolation, so they must be `Sendable`. Its
/// ``Iterator`` is not: one task iterates it.
public struct StateStream<Value: Sendable>: AsyncSequence, Sendable {
    /// The type of the values: the state or the observed value.
    public typealias Element = Value
    /// A state stream never throws.
    public typealias Failure = Never

    internal let channel: LatestValueChannel<Value>

    internal init(channel: LatestValueChannel<Value>) {
        self.channel = channel
    }

    /// Creates the iterator. Iterate from one task at a time.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(channel: channel)
    }

    /// Produces the values of a ``StateStream``, for the one task that iterates it; it must not
    /// cross isolation.
    public struct Iterator: AsyncIteratorProtocol {
        internal let channel: LatestValueChannel<Value>

        /// The next value: the pending one, or the next change; `nil` when the stream ended.
        ///
        /// - Returns: The value, or `nil` once the task is cancelled or the store released.
        public mutating func next() async -> Value? {
            await channel.next()
        }
    }

    /// The number of values buffered for the consumer, always 0 or 1. For tests.
    package var bufferedCount: Int { channel.bufferedCount }

    /// The number of values replaced by a newer one before the consumer took them. For tests.
    package var overwrittenCount: Int { channel.overwrittenCount }
}

@available(*, unavailable)
extension StateStream.Iterator: Sendable {}
