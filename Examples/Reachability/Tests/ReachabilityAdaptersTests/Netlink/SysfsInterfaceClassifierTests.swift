import Foundation
import Netlink
import ReachabilityClient
import Testing

@testable import ReachabilityAdapters

@Suite struct SysfsInterfaceClassifierTests {
    /// A fake `/sys/class/net` in a temporary directory.
    final class FakeSysfs {
        let root: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: root)
        }

        func add(
            _ name: String,
            index: Int32,
            type: UInt16 = 1,
            devtype: String? = nil,
            wireless: Bool = false,
            driver: String? = nil
        ) throws {
            let directory = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "\(index)\n".write(to: directory.appendingPathComponent("ifindex"), atomically: true, encoding: .utf8)
            try "\(type)\n".write(to: directory.appendingPathComponent("type"), atomically: true, encoding: .utf8)
            let uevent = "INTERFACE=\(name)\nIFINDEX=\(index)\n" + (devtype.map { "DEVTYPE=\($0)\n" } ?? "")
            try uevent.write(to: directory.appendingPathComponent("uevent"), atomically: true, encoding: .utf8)
            if wireless {
                try FileManager.default.createDirectory(
                    at: directory.appendingPathComponent("wireless"),
                    withIntermediateDirectories: true
                )
            }
            if let driver {
                let device = directory.appendingPathComponent("device")
                try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: device.appendingPathComponent("driver").path,
                    withDestinationPath: "../../../bus/usb/drivers/\(driver)"
                )
            }
        }
    }

    @Test func classifiesFromSysfs() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("wlp2s0", index: 3, wireless: true, driver: "iwlwifi")
        try sysfs.add("wlan1", index: 4, devtype: "wlan")
        try sysfs.add("wwan0", index: 5, devtype: "wwan", driver: "qmi_wwan")
        try sysfs.add("usb0", index: 6, driver: "rndis_host")
        try sysfs.add("enp3s0", index: 7, driver: "r8169")
        try sysfs.add("tun0", index: 8, type: 65534)
        let classifier = SysfsInterfaceClassifier(root: sysfs.root.path)
        func classify(_ name: String, _ index: Int32, type: UInt16 = 1) -> InterfaceClassification {
            classifier.classify(NetlinkLink(index: index, name: name, type: type))
        }
        #expect(classify("wlp2s0", 3) == InterfaceClassification(kind: .wifi, driver: "iwlwifi"))
        #expect(classify("wlan1", 4) == InterfaceClassification(kind: .wifi, driver: nil))
        #expect(classify("wwan0", 5) == InterfaceClassification(kind: .cellular, driver: "qmi_wwan"))
        #expect(classify("usb0", 6) == InterfaceClassification(kind: .wired, driver: "rndis_host"))
        #expect(classify("enp3s0", 7) == InterfaceClassification(kind: .wired, driver: "r8169"))
        #expect(classify("tun0", 8, type: 65534) == InterfaceClassification(kind: .other, driver: nil))
    }

    @Test func ignoresSysfsEntriesOfAnotherNamespace() throws {
        let sysfs = try FakeSysfs()
        try sysfs.add("eth0", index: 2, wireless: true, driver: "iwlwifi")  // the host's eth0, not ours
        let classifier = SysfsInterfaceClassifier(root: sysfs.root.path)
        let ours = NetlinkLink(index: 7, name: "eth0", type: 1)
        #expect(classifier.classify(ours) == InterfaceClassification(kind: .wired, driver: nil))
    }

    @Test func fallsBackToTheNetlinkTypeAndName() {
        let classifier = SysfsInterfaceClassifier(root: "/nonexistent-\(UUID().uuidString)")
        func kind(_ name: String, _ type: UInt16) -> NetworkPath.InterfaceKind {
            classifier.classify(NetlinkLink(index: 9, name: name, type: type)).kind
        }
        #expect(kind("lo", 772) == .loopback)
        #expect(kind("ppp0", 512) == .cellular)
        #expect(kind("rmnet0", 519) == .cellular)
        #expect(kind("v0", 1) == .wired)
        #expect(kind("wlan0", 1) == .wifi)
        #expect(kind("wwan0", 1) == .cellular)
        #expect(kind("wg0", 65534) == .other)
    }
}
