import Netlink
import ReachabilityClient
import Testing

@testable import ReachabilityAdapters

@Suite struct NetlinkInterfaceTableTests {
    static let policy = NetlinkPathPolicy(
        expensiveDrivers: ["rndis_host"],
        expensiveInterfaces: ["metered0"],
        constrainedInterfaces: ["hotspot0"]
    )
    static let upRunning: UInt32 = 0x1_0043  // UP | BROADCAST | RUNNING | MULTICAST | LOWER_UP

    var table = NetlinkInterfaceTable { link in
        switch link.name {
        case "wlan0": InterfaceClassification(kind: .wifi, driver: "iwlwifi")
        case "usb0": InterfaceClassification(kind: .wired, driver: "rndis_host")
        default: SysfsInterfaceClassifier.classifyFromNetlink(link)
        }
    }

    static func message(_ payload: NetlinkMessage.Payload, flags: UInt16 = 0) -> NetlinkMessage {
        NetlinkMessage(type: 0, flags: flags, payload: payload)
    }

    static func link(_ index: Int32, _ name: String, flags: UInt32 = upRunning, type: UInt16 = 1) -> NetlinkMessage {
        message(.newLink(NetlinkLink(index: index, name: name, flags: flags, type: type, operationalState: 6)))
    }

    static func defaultRoute(
        via index: Int32,
        family: UInt8 = 2,
        metric: UInt32? = nil,
        table: UInt32 = 254,
        type: UInt8 = 1
    ) -> NetlinkRoute {
        NetlinkRoute(
            family: family,
            destinationLength: 0,
            table: table,
            type: type,
            outputInterface: index,
            priority: metric
        )
    }

    var path: NetworkPath { table.path(policy: Self.policy) }

    @Test mutating func emptyTableIsDisconnected() {
        #expect(path == .disconnected)
    }

    @Test mutating func defaultRouteThroughAnUpLinkConnects() {
        table.apply(Self.link(2, "eth0"))
        #expect(path == .disconnected)
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        #expect(path == NetworkPath(status: .connected, interfaceKind: .wired, interfaceName: "eth0"))
        table.apply(Self.message(.deleteRoute(Self.defaultRoute(via: 2))))
        #expect(path == .disconnected)
    }

    @Test mutating func ipv6DefaultRouteConnects() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2, family: 10, metric: 1024))))
        #expect(path.status == .connected)
    }

    @Test mutating func aLinkWithoutCarrierOrAdministrativelyDownDoesNotConnect() {
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        table.apply(Self.link(2, "eth0", flags: 0x1003))  // UP, not RUNNING (no carrier)
        #expect(path == .disconnected)
        table.apply(Self.link(2, "eth0", flags: 0x1002))  // down
        #expect(path == .disconnected)
        table.apply(Self.link(2, "eth0"))
        #expect(path.status == .connected)
    }

    @Test mutating func dormantOperationalStateDoesNotConnect() {
        table.apply(
            Self.message(.newLink(NetlinkLink(index: 3, name: "wlan0", flags: Self.upRunning, operationalState: 5)))
        )
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 3))))
        #expect(path == .disconnected)
    }

    @Test mutating func loopbackUnreachableAndLocalTableRoutesDoNotConnect() {
        table.apply(Self.link(1, "lo", flags: 0x49, type: 772))
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 1))))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2, type: 7))))  // RTN_PROHIBIT
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2, table: 255))))
        #expect(path == .disconnected)
    }

    @Test mutating func theLowestMetricWins() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.link(3, "wlan0"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2, metric: 100))))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 3, metric: 600))))
        #expect(path.interfaceName == "eth0")
        table.apply(Self.link(2, "eth0", flags: 0x1003))  // cable unplugged
        #expect(path == NetworkPath(status: .connected, interfaceKind: .wifi, interfaceName: "wlan0"))
    }

    @Test mutating func multipathRouteConnectsThroughAnyUpNexthop() {
        table.apply(Self.link(2, "eth0", flags: 0x1003))
        table.apply(Self.link(3, "eth1"))
        let route = NetlinkRoute(family: 2, destinationLength: 0, nexthopInterfaces: [2, 3])
        table.apply(Self.message(.newRoute(route)))
        #expect(path.interfaceName == "eth1")
    }

    @Test mutating func expensiveAndConstrainedComeFromKindDriverAndConfiguration() {
        table.apply(Self.link(2, "usb0"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        #expect(path.isExpensive && !path.isConstrained)

        var cellular = NetlinkInterfaceTable(classify: SysfsInterfaceClassifier.classifyFromNetlink)
        cellular.apply(Self.link(4, "ppp0", flags: 0x10D1, type: 512))
        cellular.apply(Self.message(.newRoute(Self.defaultRoute(via: 4))))
        #expect(cellular.path(policy: Self.policy).interfaceKind == .cellular)
        #expect(cellular.path(policy: Self.policy).isExpensive)

        var named = NetlinkInterfaceTable(classify: SysfsInterfaceClassifier.classifyFromNetlink)
        named.apply(Self.link(5, "hotspot0"))
        named.apply(Self.message(.newRoute(Self.defaultRoute(via: 5))))
        #expect(named.path(policy: Self.policy).isConstrained)
        #expect(!named.path(policy: Self.policy).isExpensive)
    }

    @Test mutating func deletingALinkForgetsItsRoutes() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        let needsResync = table.apply(Self.message(.deleteLink(NetlinkLink(index: 2, name: "eth0"))))
        #expect(needsResync)
        #expect(table.routes.isEmpty)
        table.apply(Self.link(2, "eth0"))  // a new link reusing the index has no route
        #expect(path == .disconnected)
    }

    @Test mutating func goingDownOrLosingAnAddressAsksForARouteResync() {
        let address = NetlinkAddress(family: 2, prefixLength: 24, interfaceIndex: 2, address: [10, 0, 0, 2])
        let messages = [
            Self.link(2, "eth0"), Self.link(2, "eth0"), Self.link(2, "eth0", flags: 0x1002), Self.link(2, "eth0"),
            Self.message(.newAddress(address)), Self.message(.deleteAddress(address)),
        ]
        var resyncs: [Bool] = []
        for message in messages {
            resyncs.append(table.apply(message))
        }
        #expect(resyncs == [false, false, true, false, false, true])
    }

    @Test mutating func aCompletedRouteDumpSweepsRoutesTheKernelDroppedSilently() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.link(3, "eth1"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        // The kernel flushed eth0's IPv4 route without a message; the dump only lists a route on eth1.
        table.beginSync(.routes)
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 3, metric: 50))))
        table.endSync(sweep: true)
        #expect(table.routes.count == 1)
        #expect(path.interfaceName == "eth1")
    }

    @Test mutating func anInterruptedDumpSweepsNothing() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        table.beginSync(.routes)
        table.endSync(sweep: false)
        #expect(path.interfaceName == "eth0")
        table.beginSync(.links)
        table.endSync(sweep: false)
        #expect(table.links.count == 1)
    }

    @Test mutating func aLinkDumpSweepsLinksThatVanished() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.link(3, "eth1"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        table.beginSync(.links)
        table.apply(Self.link(3, "eth1"))
        table.endSync(sweep: true)
        #expect(Array(table.links.keys) == [3])
        #expect(table.routes.isEmpty)
    }

    @Test mutating func aReplaceDropsTheRouteItReplaces() {
        table.apply(Self.link(2, "eth0"))
        table.apply(Self.link(3, "eth1"))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 2))))
        table.apply(Self.message(.newRoute(Self.defaultRoute(via: 3)), flags: 0x100))  // `ip route replace`
        #expect(table.routes.count == 1)
        #expect(path.interfaceName == "eth1")
    }

    @Test mutating func aRenamedLinkIsClassifiedAgain() {
        table.apply(Self.link(3, "eth9"))
        #expect(table.classifications[3]?.kind == .wired)
        table.apply(Self.link(3, "wlan0"))
        #expect(table.classifications[3] == InterfaceClassification(kind: .wifi, driver: "iwlwifi"))
    }
}
