// LifecycleDemo: app lifecycle from POSIX signals, bridged to network monitoring, logged live.
//
//   swift run LifecycleDemo                    then Ctrl-Z, `fg` (or kill -CONT <pid>), Ctrl-C
//   swift run LifecycleDemo --network none     a monitor that only reports "disconnected"
//
// Ctrl-Z logs willBecomeInactive, didEnterBackground and the bridged stopMonitoring, then the
// process really suspends; continuing it logs willEnterForeground, didBecomeActive and the
// bridged startMonitoring; Ctrl-C or SIGTERM logs willTerminate and exits with status 0.
import DemoComposition

await DemoApp.run(defaults: DemoOptions(network: .live, showsStateChanges: false))
