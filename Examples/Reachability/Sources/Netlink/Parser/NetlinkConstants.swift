/// The slice of the rtnetlink ABI the parser and the monitor use, spelled out in Swift so the parser stays pure and
/// builds on every platform. Values are the kernel's (`<linux/netlink.h>`, `<linux/rtnetlink.h>`,
/// `<linux/if_link.h>`, `<linux/if_addr.h>`, `<linux/if.h>`, `<linux/if_arp.h>`); on Linux a test checks them
/// against the headers through `CNetlink`.
enum NetlinkConstants {
    // struct sizes
    static let messageHeaderSize = 16  // struct nlmsghdr
    static let linkHeaderSize = 16  // struct ifinfomsg
    static let addressHeaderSize = 8  // struct ifaddrmsg
    static let routeHeaderSize = 12  // struct rtmsg
    static let attributeHeaderSize = 4  // struct rtattr
    static let alignment = 4  // NLMSG_ALIGNTO, RTA_ALIGNTO

    // nlmsg_type: control messages
    static let NLMSG_NOOP: UInt16 = 1
    static let NLMSG_ERROR: UInt16 = 2
    static let NLMSG_DONE: UInt16 = 3
    static let NLMSG_OVERRUN: UInt16 = 4

    // nlmsg_type: rtnetlink
    static let RTM_NEWLINK: UInt16 = 16
    static let RTM_DELLINK: UInt16 = 17
    static let RTM_GETLINK: UInt16 = 18
    static let RTM_NEWADDR: UInt16 = 20
    static let RTM_DELADDR: UInt16 = 21
    static let RTM_GETADDR: UInt16 = 22
    static let RTM_NEWROUTE: UInt16 = 24
    static let RTM_DELROUTE: UInt16 = 25
    static let RTM_GETROUTE: UInt16 = 26

    // nlmsg_flags
    static let NLM_F_REQUEST: UInt16 = 0x1
    static let NLM_F_MULTI: UInt16 = 0x2
    static let NLM_F_DUMP_INTR: UInt16 = 0x10
    static let NLM_F_REPLACE: UInt16 = 0x100
    static let NLM_F_DUMP: UInt16 = 0x300  // NLM_F_ROOT | NLM_F_MATCH

    // multicast groups (bind-time bit mask)
    static let RTMGRP_LINK: UInt32 = 0x1
    static let RTMGRP_IPV4_IFADDR: UInt32 = 0x10
    static let RTMGRP_IPV4_ROUTE: UInt32 = 0x40
    static let RTMGRP_IPV6_IFADDR: UInt32 = 0x100
    static let RTMGRP_IPV6_ROUTE: UInt32 = 0x400

    // address families
    static let AF_UNSPEC: UInt8 = 0
    static let AF_INET: UInt8 = 2
    static let AF_INET6: UInt8 = 10

    // IFLA_* (link attributes)
    static let IFLA_IFNAME: UInt16 = 3
    static let IFLA_OPERSTATE: UInt16 = 16
    static let IFLA_LINKINFO: UInt16 = 18
    static let IFLA_INFO_KIND: UInt16 = 1

    // IFA_* (address attributes)
    static let IFA_ADDRESS: UInt16 = 1
    static let IFA_LOCAL: UInt16 = 2
    static let IFA_LABEL: UInt16 = 3

    // RTA_* (route attributes)
    static let RTA_DST: UInt16 = 1
    static let RTA_OIF: UInt16 = 4
    static let RTA_GATEWAY: UInt16 = 5
    static let RTA_PRIORITY: UInt16 = 6
    static let RTA_MULTIPATH: UInt16 = 9
    static let RTA_TABLE: UInt16 = 15
    static let rtnexthopSize = 8  // struct rtnexthop

    // route tables and types
    static let RT_TABLE_LOCAL: UInt32 = 255
    static let RTN_UNICAST: UInt8 = 1
    static let RTM_F_CLONED: UInt32 = 0x200

    // net_device_flags
    static let IFF_UP: UInt32 = 0x1
    static let IFF_LOOPBACK: UInt32 = 0x8
    static let IFF_RUNNING: UInt32 = 0x40

    // IF_OPER_* (RFC 2863 operational states)
    static let IF_OPER_UNKNOWN: UInt8 = 0
    static let IF_OPER_UP: UInt8 = 6

    // ARPHRD_* (link types)
    static let ARPHRD_ETHER: UInt16 = 1
    static let ARPHRD_PPP: UInt16 = 512
    static let ARPHRD_RAWIP: UInt16 = 519
    static let ARPHRD_LOOPBACK: UInt16 = 772
    static let ARPHRD_IEEE80211: UInt16 = 801
    static let ARPHRD_IEEE80211_RADIOTAP: UInt16 = 803

    /// Rounds `length` up to the netlink alignment (`NLMSG_ALIGN` / `RTA_ALIGN`).
    static func aligned(_ length: Int) -> Int {
        (length + alignment - 1) & ~(alignment - 1)
    }
}
