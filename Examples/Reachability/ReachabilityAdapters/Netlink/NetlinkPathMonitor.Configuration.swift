#if os(Linux)
import Foundation
import Netlink
import ReachabilityClient

extension NetlinkPathMonitor {
    /// How ``NetlinkPathMonitor`` classifies interfaces and where it reports problems.
    ///
    /// Linux has no notion of an "expensive" or "constrained" network: expensive means cellular or a tethering
    /// driver (or a name listed here), constrained means a name listed here.
    ///
    /// ```swift
    /// var configuration = NetlinkPathMonitor.Configuration()
    /// configuration.constrainedInterfaces = ["wlan1"]   // the phone hotspot
    /// let client = PathMonitorClient.netlink(configuration: configuration)
    /// ```
    ///
    /// A value type, `Sendable`.
    public struct Configuration: Sendable {
        /// The sysfs directory with one entry per interface; entries are trusted only when their `ifindex` matches.
        public var sysfsRoot: String
        /// Drivers whose interfaces are expensive. Defaults to the USB/iPhone tethering and QMI modem drivers:
        /// `rndis_host`, `cdc_ether`, `ipheth`, `cdc_ncm`, `qmi_wwan`.
        public var expensiveDrivers: Set<String>
        /// Interface names that are expensive whatever their driver.
        public var expensiveInterfaces: Set<String>
        /// Interface names whose paths are constrained (data-saving).
        public var constrainedInterfaces: Set<String>
        /// Receives one line per problem the monitor skipped over (a malformed message, lost events, a failed
        /// dump). Defaults to writing to standard error. Called on the monitor's reader thread.
        public var diagnostics: @Sendable (String) -> Void

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - sysfsRoot: The sysfs interface directory; `/sys/class/net` by default.
        ///   - expensiveDrivers: Drivers whose interfaces are expensive.
        ///   - expensiveInterfaces: Interface names that are expensive.
        ///   - constrainedInterfaces: Interface names that are constrained.
        ///   - diagnostics: Receives one line per skipped problem.
        public init(
            sysfsRoot: String = "/sys/class/net",
            expensiveDrivers: Set<String> = ["rndis_host", "cdc_ether", "ipheth", "cdc_ncm", "qmi_wwan"],
            expensiveInterfaces: Set<String> = [],
            constrainedInterfaces: Set<String> = [],
            diagnostics: @escaping @Sendable (String) -> Void = Configuration.standardErrorDiagnostics
        ) {
            self.sysfsRoot = sysfsRoot
            self.expensiveDrivers = expensiveDrivers
            self.expensiveInterfaces = expensiveInterfaces
            self.constrainedInterfaces = constrainedInterfaces
            self.diagnostics = diagnostics
        }

        /// Writes `message` to standard error, prefixed with `[NetlinkPathMonitor]`.
        public static let standardErrorDiagnostics: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("[NetlinkPathMonitor] \(message)\n".utf8))
        }

        var policy: NetlinkPathPolicy {
            NetlinkPathPolicy(
                expensiveDrivers: expensiveDrivers,
                expensiveInterfaces: expensiveInterfaces,
                constrainedInterfaces: constrainedInterfaces
            )
        }
    }
}
#endif
