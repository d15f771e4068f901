// ReachabilityProbe: prints each NetworkPath the netlink monitor reports, one line each, flushed at once.
//
// Used by the namespace integration test (`unshare -rn`), and handy by hand:
//
//     swift run ReachabilityProbe [--exit-after N] [--timeout SECONDS]
//
// `--exit-after N` exits after N paths; `--timeout SECONDS` (default 60) exits with status 3 so a stuck test can
// never leave the probe behind.
import Foundation
import ReachabilityAdapters
import ReachabilityClient

#if os(Linux)
var exitAfter = Int.max
var timeout = 60.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--exit-after": exitAfter = arguments.popFirst().flatMap { Int($0) } ?? exitAfter
    case "--timeout": timeout = arguments.popFirst().flatMap { Double($0) } ?? timeout
    default:
        FileHandle.standardError.write(Data("usage: ReachabilityProbe [--exit-after N] [--timeout SECONDS]\n".utf8))
        exit(64)
    }
}
DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
    FileHandle.standardError.write(Data("ReachabilityProbe: timed out\n".utf8))
    exit(3)
}
do {
    var printed = 0
    for await path in try NetlinkPathMonitor().paths() {
        print(path)
        fflush(nil)
        printed += 1
        if printed >= exitAfter { break }
    }
} catch {
    FileHandle.standardError.write(Data("ReachabilityProbe: \(error)\n".utf8))
    exit(2)
}
#else
FileHandle.standardError.write(Data("ReachabilityProbe: netlink is Linux only\n".utf8))
exit(2)
#endif
