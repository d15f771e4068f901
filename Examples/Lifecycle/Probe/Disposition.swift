#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether `signal`'s disposition is `SIG_DFL`, read with `sigaction` (which changes nothing).
func hasDefaultDisposition(_ signal: Int32) -> Bool {
    var action = sigaction()
    guard sigaction(signal, nil, &action) == 0 else { return false }
    #if canImport(Darwin)
    let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #else
    let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #endif
    return handler == 0  // SIG_DFL
}
