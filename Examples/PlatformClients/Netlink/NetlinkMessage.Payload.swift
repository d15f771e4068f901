extension NetlinkMessage {
    /// The typed body of a ``NetlinkMessage``.
    ///
    /// A value type, `Sendable`.
    public enum Payload: Sendable, Equatable, Hashable {
        /// `RTM_NEWLINK`: a link appeared or changed.
        case newLink(NetlinkLink)
        /// `RTM_DELLINK`: a link was removed.
        case deleteLink(NetlinkLink)
        /// `RTM_NEWADDR`: an address was added or changed.
        case newAddress(NetlinkAddress)
        /// `RTM_DELADDR`: an address was removed.
        case deleteAddress(NetlinkAddress)
        /// `RTM_NEWROUTE`: a route was added or changed.
        case newRoute(NetlinkRoute)
        /// `RTM_DELROUTE`: a route was removed.
        case deleteRoute(NetlinkRoute)
        /// `NLMSG_DONE`: the end of a dump.
        case done
        /// `NLMSG_ERROR`: an error or, when `code` is 0, an acknowledgement.
        ///
        /// - Parameter code: The positive `errno` value (the kernel sends it negated); 0 for an ack.
        case error(code: Int32)
        /// `NLMSG_NOOP`.
        case noop
        /// `NLMSG_OVERRUN`: data was lost.
        case overrun
    }
}
