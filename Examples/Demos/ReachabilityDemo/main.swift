// ReachabilityDemo: network reachability from Linux netlink, logged live with state changes.
//
//   swift run ReachabilityDemo     then unplug a cable, or in a network namespace:
//                                  ip link set <interface> down / up
//
// Monitoring starts when the app becomes active (a bridge from the lifecycle) and stops in the
// background (Ctrl-Z); only transitions are logged.
import DemoComposition

await DemoApp.run(defaults: DemoOptions(network: .live, showsStateChanges: true))
