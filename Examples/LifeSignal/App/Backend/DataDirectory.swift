import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory where LifeSignal keeps its databases and its action log, private to the person
/// who runs it: the directory `0700`, every file in it `0600`, whatever the umask.
///
/// The check-ins say when someone was last known to be well, and the log says more: nobody
/// else on the machine has any business reading them. So the directory is made with mode
/// `0700` (and set to it, since the umask could have taken bits away), and each file is
/// created `0600` before SQLite or the logger opens it — or, made readable by others by an
/// older version, set back to `0600`. SQLite gives the `-wal` and `-shm` files the mode of
/// their database; those an older version left behind are set back too.
///
/// ```swift
/// try DataDirectory.prepare(options.dataDirectory, files: ["lifesignal.sqlite", "lifesignal.log"])
/// ```
enum DataDirectory {
    /// Creates the directory if needed and makes `files` in it private.
    ///
    /// - Parameters:
    ///   - path: The data directory.
    ///   - files: Paths of the files LifeSignal will open: created `0600` if missing.
    ///   - companions: Paths of files SQLite creates itself (`-wal`, `-shm`): set to `0600` if present.
    /// - Throws: ``LifeSignalStartupError/dataDirectory(path:reason:)`` when the directory cannot be made.
    static func prepare(_ path: String, files: [String], companions: [String]) throws(LifeSignalStartupError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .dataDirectory(path: path, reason: "it is a file, not a directory")
            }
        } else {
            do {
                try FileManager.default.createDirectory(
                    atPath: path,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw .dataDirectory(path: path, reason: Self.reason(of: error))
            }
            chmod(path, 0o700)
        }
        for file in files { makePrivate(file, creating: true) }
        for file in companions { makePrivate(file, creating: false) }
    }

    /// Sets `path` to `0600`, creating it empty first if asked. A path that cannot be opened as
    /// a file (a directory in its place, a missing directory) is left for the opener to report.
    private static func makePrivate(_ path: String, creating: Bool) {
        let flags = O_WRONLY | O_CLOEXEC | O_NOFOLLOW | (creating ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    private static func reason(of error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(code)))
        }
        return error.localizedDescription
    }
}
