import Netlink
import ReachabilityClient

/// The configuration the pure interface table needs to turn a route into a ``NetworkPath``.
struct NetlinkPathPolicy: Sendable, Equatable {
    /// Drivers whose interfaces are expensive (tethering: `rndis_host`, `cdc_ether`, `ipheth`, `cdc_ncm`,
    /// `qmi_wwan`).
    var expensiveDrivers: Set<String>
    /// Interface names that are expensive whatever their driver.
    var expensiveInterfaces: Set<String>
    /// Interface names whose paths are constrained (Linux has no such flag; it is configuration).
    var constrainedInterfaces: Set<String>

}
