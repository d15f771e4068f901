import Netlink
import ReachabilityClient

/// What the monitor knows about an interface beyond netlink: its kind and the kernel driver behind it.
struct InterfaceClassification: Sendable, Equatable, Hashable {
    /// The interface kind reported in ``NetworkPath/interfaceKind``.
    var kind: NetworkPath.InterfaceKind
    /// The driver name (`device/driver` in sysfs), when sysfs describes this interface.
    var driver: String?
}
