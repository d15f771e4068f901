extension ActionSource {
    /// The source an engine gives an action sent by an effect without a source of its own:
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

extension ActionSource {
    /// The source of an action that a middleware's start effect (``Middleware/start(state:)``)
    /// sends without one of its own: no action caused it, so it names the middleware.
    ///
    /// - Parameter starter: The middleware's type name, without module names.
    @usableFromInline
    internal static func startEffect(of starter: String) -> ActionSource {
        ActionSource(file: starter, function: "start(state:)", line: 0, info: "Started by \(starter).start(state:)")
    }
}
