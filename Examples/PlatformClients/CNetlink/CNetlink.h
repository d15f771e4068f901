// Header-only shim: exposes the Linux rtnetlink ABI (sockaddr_nl, RTMGRP_*, RTM_*, IFLA_*, IFA_*, RTA_*) to Swift.
// Glibc's module does not export these. Linux only; the Reachability target depends on it only on Linux.
#ifndef AQUEDUCT_CNETLINK_H
#define AQUEDUCT_CNETLINK_H

#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/if_addr.h>

// Not netlink, but Glibc does not export it either: the monitor wakes its reader thread through an eventfd.
#include <sys/eventfd.h>

#endif
