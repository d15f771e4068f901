#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes diagnostics to standard error without touching the C global `stderr`, which strict
/// concurrency does not allow.
@usableFromInline
internal enum StandardError {
    @usableFromInline
    static func report(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = writeBytes(bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func writeBytes(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return write(2, pointer, count)
        #else
        return count
        #endif
    }
}
