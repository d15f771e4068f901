#if canImport(CNetlink)
import CNetlink
import Testing

@testable import Netlink

/// The parser spells the rtnetlink ABI out in Swift to stay pure; these check it against the kernel headers.
@Suite struct NetlinkConstantsTests {
    typealias C = NetlinkConstants

    @Test func structSizesMatchTheHeaders() {
        #expect(C.messageHeaderSize == MemoryLayout<nlmsghdr>.size)
        #expect(C.linkHeaderSize == MemoryLayout<ifinfomsg>.size)
        #expect(C.addressHeaderSize == MemoryLayout<ifaddrmsg>.size)
        #expect(C.routeHeaderSize == MemoryLayout<rtmsg>.size)
        #expect(C.attributeHeaderSize == MemoryLayout<rtattr>.size)
        #expect(C.rtnexthopSize == MemoryLayout<rtnexthop>.size)
    }

    @Test func messageTypesAndFlagsMatchTheHeaders() {
        #expect(Int(C.NLMSG_NOOP) == Int(NLMSG_NOOP))
        #expect(Int(C.NLMSG_ERROR) == Int(NLMSG_ERROR))
        #expect(Int(C.NLMSG_DONE) == Int(NLMSG_DONE))
        #expect(Int(C.NLMSG_OVERRUN) == Int(NLMSG_OVERRUN))
        #expect(Int(C.RTM_NEWLINK) == Int(RTM_NEWLINK))
        #expect(Int(C.RTM_DELLINK) == Int(RTM_DELLINK))
        #expect(Int(C.RTM_GETLINK) == Int(RTM_GETLINK))
        #expect(Int(C.RTM_NEWADDR) == Int(RTM_NEWADDR))
        #expect(Int(C.RTM_DELADDR) == Int(RTM_DELADDR))
        #expect(Int(C.RTM_GETADDR) == Int(RTM_GETADDR))
        #expect(Int(C.RTM_NEWROUTE) == Int(RTM_NEWROUTE))
        #expect(Int(C.RTM_DELROUTE) == Int(RTM_DELROUTE))
        #expect(Int(C.RTM_GETROUTE) == Int(RTM_GETROUTE))
        #expect(Int(C.NLM_F_REQUEST) == Int(NLM_F_REQUEST))
        #expect(Int(C.NLM_F_MULTI) == Int(NLM_F_MULTI))
        #expect(Int(C.NLM_F_DUMP_INTR) == Int(NLM_F_DUMP_INTR))
        #expect(Int(C.NLM_F_REPLACE) == Int(NLM_F_REPLACE))
        #expect(Int(C.NLM_F_DUMP) == Int(NLM_F_DUMP))
        #expect(Int(C.RTM_F_CLONED) == Int(RTM_F_CLONED))
    }

    @Test func groupsAndAttributesMatchTheHeaders() {
        #expect(Int(C.RTMGRP_LINK) == Int(RTMGRP_LINK))
        #expect(Int(C.RTMGRP_IPV4_IFADDR) == Int(RTMGRP_IPV4_IFADDR))
        #expect(Int(C.RTMGRP_IPV4_ROUTE) == Int(RTMGRP_IPV4_ROUTE))
        #expect(Int(C.RTMGRP_IPV6_IFADDR) == Int(RTMGRP_IPV6_IFADDR))
        #expect(Int(C.RTMGRP_IPV6_ROUTE) == Int(RTMGRP_IPV6_ROUTE))
        #expect(Int(C.IFLA_IFNAME) == Int(IFLA_IFNAME))
        #expect(Int(C.IFLA_OPERSTATE) == Int(IFLA_OPERSTATE))
        #expect(Int(C.IFLA_LINKINFO) == Int(IFLA_LINKINFO))
        #expect(Int(C.IFLA_INFO_KIND) == Int(IFLA_INFO_KIND))
        #expect(Int(C.IFA_ADDRESS) == Int(IFA_ADDRESS))
        #expect(Int(C.IFA_LOCAL) == Int(IFA_LOCAL))
        #expect(Int(C.IFA_LABEL) == Int(IFA_LABEL))
        #expect(Int(C.RTA_DST) == Int(RTA_DST.rawValue))
        #expect(Int(C.RTA_OIF) == Int(RTA_OIF.rawValue))
        #expect(Int(C.RTA_GATEWAY) == Int(RTA_GATEWAY.rawValue))
        #expect(Int(C.RTA_PRIORITY) == Int(RTA_PRIORITY.rawValue))
        #expect(Int(C.RTA_MULTIPATH) == Int(RTA_MULTIPATH.rawValue))
        #expect(Int(C.RTA_TABLE) == Int(RTA_TABLE.rawValue))
        #expect(Int(C.RT_TABLE_LOCAL) == Int(RT_TABLE_LOCAL.rawValue))
        #expect(Int(C.RTN_UNICAST) == Int(RTN_UNICAST))
    }
}
#endif
