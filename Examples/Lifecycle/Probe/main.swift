// LifecycleSignalProbe: runs POSIXSignalLifecycle and prints one line per event, for the
// real-signals integration test and for trying it by hand (Ctrl-Z, `fg`, Ctrl-C).
//
//   ready                 the signal sources are armed
//   <event>               each LifecycleEvent, acknowledged right after it is printed
//   finished              only with `--finish-stream`: the stream ended and main returns
//
// Exits 0 after willTerminate: by `exit(0)` from the adapter (default), or by returning from
// main when started with `--finish-stream`. `--no-acknowledge` never acknowledges, so only the
// acknowledgement timeout (`--timeout-ms N`, default the adapter's) lets it suspend and exit.
//
// `--stop-after-first-event` stops listening after the first event, prints `restored` once the
// default dispositions of the handled signals are back, then waits for signals to act as the
// system defaults say (SIGTSTP stops it, SIGTERM kills it).
import LifecycleAdapters

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
var configuration = POSIXSignalLifecycle.Configuration(
    termination: arguments.contains("--finish-stream") ? .finishStream : .exitProcess(status: 0)
)
if let flag = arguments.firstIndex(of: "--timeout-ms"), flag + 1 < arguments.count,
    let milliseconds = Int(arguments[flag + 1])
{
    configuration.acknowledgementTimeout = .milliseconds(milliseconds)
}
let client = POSIXSignalLifecycle(configuration: configuration).client

func line(_ text: String) {
    print(text)
    fflush(nil)
}

/// Prints events until the stream ends (or after the first one); the stream is dropped on return.
func listen(acknowledging: Bool, stoppingAfterFirst: Bool) async {
    let events = client.events()
    line("ready")
    for await event in events {
        line("\(event)")
        if acknowledging {
            client.acknowledge(event)
        }
        if stoppingAfterFirst {
            break
        }
    }
}

let stopsAfterFirstEvent = arguments.contains("--stop-after-first-event")
await listen(acknowledging: !arguments.contains("--no-acknowledge"), stoppingAfterFirst: stopsAfterFirstEvent)

if stopsAfterFirstEvent {
    let handled = [SIGTSTP, SIGCONT, SIGTERM, SIGINT, SIGHUP]
    var attempts = 0
    while !handled.allSatisfy(hasDefaultDisposition) {
        attempts += 1
        guard attempts < 500 else {
            line("not restored")
            exit(1)
        }
        try? await Task.sleep(for: .milliseconds(10))
    }
    line("restored")
    while true {
        pause()
    }
}
line("finished")
