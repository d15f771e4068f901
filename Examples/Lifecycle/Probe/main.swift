// LifecycleSignalProbe: runs POSIXSignalLifecycle and prints one line per event, for the
// real-signals integration test and for trying it by hand (Ctrl-Z, `fg`, Ctrl-C).
//
//   ready                 the signal sources are armed
//   <event>               each AppLifecycleAction, acknowledged right after it is printed
//   finished              only with `--finish-stream`: the stream ended and main returns
//
// Exits 0 after willTerminate: by `exit(0)` from the adapter (default), or by returning from
// main when started with `--finish-stream`.
import Lifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let finishesStream = CommandLine.arguments.contains("--finish-stream")
let lifecycle = POSIXSignalLifecycle(
    configuration: .init(termination: finishesStream ? .finishStream : .exitProcess(status: 0))
)
let client = lifecycle.client
let events = client.events()
print("ready")
fflush(nil)
for await event in events {
    print(event)
    fflush(nil)
    client.acknowledge(event)
}
print("finished")
fflush(nil)
