/// How the writer builds a recorder's records from the objects the recorder hands over: made
/// once by a recorder, named by each record it hands to ``RecordingWriter``, and called on the
/// writer's queue.
@usableFromInline
package final class RecordRenderer: Sendable {
    /// Builds the record from the recorder's object.
    package let render: @Sendable (any AnyObject & Sendable) -> ActionRecord

    /// A renderer that builds records with `render`.
    ///
    /// - Parameter render: Called once a record, on the writer's queue, with the object handed
    ///   over with it.
    @usableFromInline
    package init(_ render: @escaping @Sendable (any AnyObject & Sendable) -> ActionRecord) {
        self.render = render
    }
}
