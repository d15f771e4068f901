extension NetworkPath {
    /// Whether a ``NetworkPath`` can carry traffic.
    ///
    /// A value type, `Sendable`.
    public enum Status: Sendable, Equatable, Hashable {
        /// There is a default route through an interface that is up.
        case connected
        /// There is no usable route to the network.
        case disconnected
    }
}
