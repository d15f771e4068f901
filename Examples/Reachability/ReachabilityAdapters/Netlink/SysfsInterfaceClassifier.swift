import Foundation
import Netlink
import ReachabilityClient

/// Classifies a link from `/sys/class/net/<name>`, falling back to the netlink link type.
///
/// sysfs does not follow a network namespace unless it is remounted in it, so the classifier only trusts a sysfs
/// directory whose `ifindex` equals the link's index; otherwise (another namespace, or a missing entry) it uses the
/// netlink type and the interface name. The fallback cannot see drivers, so tethering is not detected there.
struct SysfsInterfaceClassifier: Sendable {
    /// The directory that holds one entry per interface.
    var root: String

    init(root: String = "/sys/class/net") {
        self.root = root
    }

    func classify(_ link: NetlinkLink) -> InterfaceClassification {
        guard let name = link.name, !name.isEmpty, !name.contains("/") else {
            return Self.classifyFromNetlink(link)
        }
        let directory = root + "/" + name
        guard let index = read(directory + "/ifindex").flatMap({ Int32($0) }), index == link.index else {
            return Self.classifyFromNetlink(link)
        }
        let uevent = read(directory + "/uevent") ?? ""
        let deviceType = uevent.split(separator: "\n").first { $0.hasPrefix("DEVTYPE=") }.map { $0.dropFirst(8) }
        let type = read(directory + "/type").flatMap { UInt16($0) } ?? link.type
        let driver = (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/device/driver"))
            .map { URL(fileURLWithPath: $0).lastPathComponent }
        let kind: NetworkPath.InterfaceKind
        if FileManager.default.fileExists(atPath: directory + "/wireless") || deviceType == "wlan" {
            kind = .wifi
        } else if deviceType == "wwan" || type == NetlinkConstants.ARPHRD_PPP || type == NetlinkConstants.ARPHRD_RAWIP {
            kind = .cellular
        } else {
            kind = Self.kind(forType: type, name: nil)
        }
        return InterfaceClassification(kind: kind, driver: driver)
    }

    /// The classification from netlink alone: the `ARPHRD_*` type, and for Ethernet-typed links the usual name
    /// prefixes of Wi-Fi (`wl…`) and WWAN (`ww…`) devices.
    static func classifyFromNetlink(_ link: NetlinkLink) -> InterfaceClassification {
        InterfaceClassification(kind: kind(forType: link.type, name: link.name), driver: nil)
    }

    private static func kind(forType type: UInt16, name: String?) -> NetworkPath.InterfaceKind {
        typealias C = NetlinkConstants
        switch type {
        case C.ARPHRD_LOOPBACK: return .loopback
        case C.ARPHRD_PPP, C.ARPHRD_RAWIP: return .cellular
        case C.ARPHRD_IEEE80211...C.ARPHRD_IEEE80211_RADIOTAP: return .wifi
        case C.ARPHRD_ETHER:
            if let name, name.hasPrefix("wl") { return .wifi }
            if let name, name.hasPrefix("ww") { return .cellular }
            return .wired
        default: return .other
        }
    }

    private func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
