extension ActionSource {
    /// The source a runtime gives an action sent by an effect without a source of its own:
    /// this source with a line of info naming the action that caused the effect, built only if
    /// the info is read. Allocates one object, the line's node (see ``SourceNode``).
    ///
    /// - Parameter cause: The action whose effect sent the action.
    /// - Returns: The derived source.
    @usableFromInline
    package func _sentByEffect(of cause: some Sendable) -> ActionSource {
        ActionSource(derivedFrom: self, node: SentByEffectLine(earlier: _extras, cause: cause))
    }

    /// The same line for a cause that cannot cross isolation, built now.
    ///
    /// - Parameter cause: The action whose effect sent the action.
    /// - Returns: The derived source.
    package func _sentByEffect(of cause: some Any) -> ActionSource {
        appendingInfo("Sent by an effect of \(ActionDescription.describe(cause))")
    }
}
