#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP port nothing listens on: bound to port 0 and read back, and kept bound, never
/// listening, until the test process exits — so a connection to it is refused, and no server
/// another test starts meanwhile can be given the same port (closed at once, it was: a test's
/// "unreachable" backend then answered as another test's server).
package func unusedLoopbackPort() -> Int {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    precondition(fd >= 0, "socket() failed")
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    precondition(bound, "bind() failed")
    return Int(UInt16(bigEndian: address.sin_port))
}
