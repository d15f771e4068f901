/// The slice of the rtnetlink ABI the parser, the socket and the path monitor use, spelled out in Swift so the parser stays pure and
/// builds on every platform. Values are the kernel's (`<linux/netlink.h>`, `<linux/rtnetlink.h>`,
/// `<linux/if_link.h>`, `<linux/if_addr.h>`, `<linux/if.h>`, `<linux/if_arp.h>`); on Linux a test checks them
/// against the headers through `CNetlink`.
package enum NetlinkConstants {
    // struct sizes
    package static let messageHeaderSize = 16  // struct nlmsghdr
    package static let linkHeaderSize = 16  // struct ifinfomsg
    package static let addressHeaderSize = 8  // struct ifaddrmsg
    package static let routeHeaderSize = 12  // struct rtmsg
    package static let attributeHeaderSize = 4  // struct rtattr
    package static let alignment = 4  // NLMSG_ALIGNTO, RTA_ALIGNTO

    // nlmsg_type: control messages
    package static let NLMSG_NOOP: UInt16 = 1
    package static let NLMSG_ERROR: UInt16 = 2
    package static let NLMSG_DONE: UInt16 = 3
    package static let NLMSG_OVERRUN: UInt16 = 4

    // nlmsg_type: rtnetlink
    package static let RTM_NEWLINK: UInt16 = 16
    package static let RTM_DELLINK: UInt16 = 17
    package static let RTM_GETLINK: UInt16 = 18
    package static let RTM_NEWADDR: UInt16 = 20
    package static let RTM_DELADDR: UInt16 = 21
    package static let RTM_GETADDR: UInt16 = 22
    package static let RTM_NEWROUTE: UInt16 = 24
    package static let RTM_DELROUTE: UInt16 = 25
    package static let RTM_GETROUTE: UInt16 = 26

    // nlmsg_flags
    package static let NLM_F_REQUEST: UInt16 = 0x1
    package static let NLM_F_MULTI: UInt16 = 0x2
    package static let NLM_F_DUMP_INTR: UInt16 = 0x10
    package static let NLM_F_REPLACE: UInt16 = 0x100
    package static let NLM_F_DUMP: UInt16 = 0x300  // NLM_F_ROOT | NLM_F_MATCH

    // multicast groups (bind-time bit mask)
    package static let RTMGRP_LINK: UInt32 = 0x1
    package static let RTMGRP_IPV4_IFADDR: UInt32 = 0x10
    package static let RTMGRP_IPV4_ROUTE: UInt32 = 0x40
    package static let RTMGRP_IPV6_IFADDR: UInt32 = 0x100
    package static let RTMGRP_IPV6_ROUTE: UInt32 = 0x400

    // address families
    package static let AF_UNSPEC: UInt8 = 0
    package static let AF_INET: UInt8 = 2
    package static let AF_INET6: UInt8 = 10

    // IFLA_* (link attributes)
    package static let IFLA_IFNAME: UInt16 = 3
    package static let IFLA_OPERSTATE: UInt16 = 16
    package static let IFLA_LINKINFO: UInt16 = 18
    package static let IFLA_INFO_KIND: UInt16 = 1

    // IFA_* (address attributes)
    package static let IFA_ADDRESS: UInt16 = 1
    package static let IFA_LOCAL: UInt16 = 2
    package static let IFA_LABEL: UInt16 = 3

    // RTA_* (route attributes)
    package static let RTA_DST: UInt16 = 1
    package static let RTA_OIF: UInt16 = 4
    package static let RTA_GATEWAY: UInt16 = 5
    package static let RTA_PRIORITY: UInt16 = 6
    package static let RTA_MULTIPATH: UInt16 = 9
    package static let RTA_TABLE: UInt16 = 15
    package static let rtnexthopSize = 8  // struct rtnexthop

    // route tables and types
    package static let RT_TABLE_LOCAL: UInt32 = 255
    package static let RTN_UNICAST: UInt8 = 1
    package static let RTM_F_CLONED: UInt32 = 0x200

    // net_device_flags
    package static let IFF_UP: UInt32 = 0x1
    package static let IFF_LOOPBACK: UInt32 = 0x8
    package static let IFF_RUNNING: UInt32 = 0x40

    // IF_OPER_* (RFC 2863 operational states)
    package static let IF_OPER_UNKNOWN: UInt8 = 0
    package static let IF_OPER_UP: UInt8 = 6

    // ARPHRD_* (link types)
    package static let ARPHRD_ETHER: UInt16 = 1
    package static let ARPHRD_PPP: UInt16 = 512
    package static let ARPHRD_RAWIP: UInt16 = 519
    package static let ARPHRD_LOOPBACK: UInt16 = 772
    package static let ARPHRD_IEEE80211: UInt16 = 801
    package static let ARPHRD_IEEE80211_RADIOTAP: UInt16 = 803

    /// Rounds `length` up to the netlink alignment (`NLMSG_ALIGN` / `RTA_ALIGN`).
    package static func aligned(_ length: Int) -> Int {
        (length + alignment - 1) & ~(alignment - 1)
    }
}
