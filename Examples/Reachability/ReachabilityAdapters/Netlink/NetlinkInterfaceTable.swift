import Netlink
import ReachabilityClient

/// The monitor's model of the kernel: links, addresses and routes, kept in step with netlink messages, and the
/// ``NetworkPath`` they imply.
///
/// Pure: no system calls (classification is injected), so it is tested with hand-made messages.
///
/// Synchronisation is mark-and-sweep: between ``beginSync(_:)`` and ``endSync(sweep:)`` the table records every
/// entry of that kind that a dump reply or a live event mentions; a completed dump then removes the entries nobody
/// mentioned. That catches what the kernel changes silently (IPv4 routes flushed when a link goes down or loses its
/// last address) and recovers from lost events (`ENOBUFS`).
struct NetlinkInterfaceTable {
    /// What identifies a route: a replacement or deletion names the same key.
    struct RouteKey: Hashable {
        var family: UInt8
        var table: UInt32
        var destinationLength: UInt8
        var destination: [UInt8]?
        var tos: UInt8
        var priority: UInt32?
        var gateway: [UInt8]?
        var interfaces: [Int32]

        init(_ route: NetlinkRoute) {
            family = route.family
            table = route.table
            destinationLength = route.destinationLength
            destination = route.destination
            tos = route.tos
            priority = route.priority
            gateway = route.gateway
            interfaces = route.interfaces
        }

        /// The part IPv4 uses to find the route an `NLM_F_REPLACE` replaces.
        func replaces(_ other: RouteKey) -> Bool {
            family == other.family && table == other.table && destinationLength == other.destinationLength
                && destination == other.destination && tos == other.tos && priority == other.priority
        }
    }

    /// What identifies an address.
    struct AddressKey: Hashable {
        var family: UInt8
        var interfaceIndex: Int32
        var prefixLength: UInt8
        var address: [UInt8]?
        var local: [UInt8]?

        init(_ address: NetlinkAddress) {
            family = address.family
            interfaceIndex = address.interfaceIndex
            prefixLength = address.prefixLength
            self.address = address.address
            local = address.local
        }
    }

    private struct Sync {
        var kind: NetlinkRequest.Dump
        var seenLinks: Set<Int32> = []
        var seenAddresses: Set<AddressKey> = []
        var seenRoutes: Set<RouteKey> = []
    }

    private(set) var links: [Int32: NetlinkLink] = [:]
    private(set) var classifications: [Int32: InterfaceClassification] = [:]
    private(set) var addresses: Set<AddressKey> = []
    private(set) var routes: [RouteKey: NetlinkRoute] = [:]
    private var sync: Sync?
    private let classify: (NetlinkLink) -> InterfaceClassification

    init(classify: @escaping (NetlinkLink) -> InterfaceClassification) {
        self.classify = classify
    }

    // MARK: - Synchronisation

    /// Starts recording which entries of `kind` a dump mentions.
    mutating func beginSync(_ kind: NetlinkRequest.Dump) {
        sync = Sync(kind: kind)
    }

    /// Ends the current dump; when `sweep` is true (the dump completed and was consistent) removes the entries of its
    /// kind that it did not mention.
    mutating func endSync(sweep: Bool) {
        guard let sync else { return }
        self.sync = nil
        guard sweep else { return }
        switch sync.kind {
        case .links:
            for index in links.keys where !sync.seenLinks.contains(index) {
                removeLink(index)
            }
        case .addresses:
            addresses = addresses.intersection(sync.seenAddresses)
        case .routes:
            routes = routes.filter { sync.seenRoutes.contains($0.key) }
        }
    }

    // MARK: - Messages

    /// Applies a link, address or route message (others are ignored).
    ///
    /// - Returns: `true` when the kernel may have removed routes without telling (a link went down or away, an
    ///   address went away): the caller should dump the routes again.
    @discardableResult
    mutating func apply(_ message: NetlinkMessage) -> Bool {
        switch message.payload {
        case .newLink(let link):
            sync?.seenLinks.insert(link.index)
            let previous = links[link.index]
            links[link.index] = link
            if previous?.name != link.name || previous?.type != link.type || classifications[link.index] == nil {
                classifications[link.index] = classify(link)
            }
            return previous.map { $0.isUp && !link.isUp } ?? false
        case .deleteLink(let link):
            sync?.seenLinks.remove(link.index)
            removeLink(link.index)
            return true
        case .newAddress(let address):
            let key = AddressKey(address)
            sync?.seenAddresses.insert(key)
            addresses.insert(key)
            return false
        case .deleteAddress(let address):
            let key = AddressKey(address)
            sync?.seenAddresses.remove(key)
            addresses.remove(key)
            return true
        case .newRoute(let route):
            let key = RouteKey(route)
            if message.flags & NetlinkConstants.NLM_F_REPLACE != 0 {
                routes = routes.filter { !key.replaces($0.key) }
            }
            sync?.seenRoutes.insert(key)
            routes[key] = route
            return false
        case .deleteRoute(let route):
            let key = RouteKey(route)
            sync?.seenRoutes.remove(key)
            routes.removeValue(forKey: key)
            return false
        case .done, .error, .noop, .overrun:
            return false
        }
    }

    private mutating func removeLink(_ index: Int32) {
        links.removeValue(forKey: index)
        classifications.removeValue(forKey: index)
        addresses = addresses.filter { $0.interfaceIndex != index }
        routes = routes.filter { !$0.value.interfaces.contains(index) }
    }

    // MARK: - Path

    /// The path the table implies: connected when a unicast default route (IPv4 or IPv6, any table but `local`)
    /// goes through a non-loopback link that is up, running and operationally up (or unknown). Among several, the
    /// lowest metric wins, then IPv4, then the lowest interface index.
    func path(policy: NetlinkPathPolicy) -> NetworkPath {
        typealias C = NetlinkConstants
        let usableDefaults = routes.values.filter { route in
            route.isDefault && route.type == C.RTN_UNICAST && route.table != C.RT_TABLE_LOCAL
                && route.flags & C.RTM_F_CLONED == 0
        }
        let candidates = usableDefaults.flatMap { route in
            route.interfaces.map { index in (rank: (route.priority ?? 0, route.family, index), index: index) }
        }
        let best = candidates.filter { candidate in
            guard let link = links[candidate.index] else { return false }
            return !link.isLoopback && link.canCarryTraffic
        }
        .min { $0.rank < $1.rank }
        guard let best, let link = links[best.index] else { return .disconnected }
        let classification = classifications[best.index] ?? SysfsInterfaceClassifier.classifyFromNetlink(link)
        let name = link.name
        let isExpensive =
            classification.kind == .cellular
            || classification.driver.map { policy.expensiveDrivers.contains($0) } == true
            || name.map { policy.expensiveInterfaces.contains($0) } == true
        let isConstrained = name.map { policy.constrainedInterfaces.contains($0) } == true
        return NetworkPath(
            status: .connected,
            interfaceKind: classification.kind,
            interfaceName: name,
            isExpensive: isExpensive,
            isConstrained: isConstrained
        )
    }
}
