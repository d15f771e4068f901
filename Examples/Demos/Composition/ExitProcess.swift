#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process with `status`.
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
