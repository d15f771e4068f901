import Aqueduct
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``PersistenceStorage`` of files, one a key (`<directory>/<key>.json`): the default.
///
/// ```swift
/// let storage = FileStorage(directory: "/var/lib/lifesignal")
/// let settings = PersistedState(\AppState.settings, key: "settings", storage: storage)
/// ```
///
/// ## What it guarantees
/// - **Atomic writes.** A value is written to a temporary file in the same directory, flushed
///   to the disk (`fsync`), renamed over the file, and the directory is flushed too: a process
///   killed or a machine losing power at any moment leaves the old file or the new one, whole.
/// - **Private files.** Files are created with mode 0600 whatever the umask; a missing
///   directory is created with mode 0700.
/// - **No symbolic links followed.** A file that is a symbolic link is not read (it is an
///   error, and the link is moved aside); writes replace the link rather than follow it.
/// - **Nothing overwritten that was set aside.** ``setAside(key:)`` moves a file to
///   `<key>.json.bad-N`, the first `N` not taken.
/// - **No litter.** The temporary file of a process that was killed while writing is removed
///   when the key is next read.
///
/// Keys name files: letters, digits, `-`, `_` and `.`, not starting with `.`. `Sendable`; its
/// methods may be called from any thread.
public struct FileStorage: PersistenceStorage {
    /// The directory the files are in.
    public let directory: String

    /// Creates a storage of files in `directory`, created (mode 0700) when first written to.
    ///
    /// - Parameter directory: The directory's path.
    public init(directory: String) {
        self.directory = directory
    }

    /// The storage in the app's own data directory: `$XDG_DATA_HOME/<app>`, else
    /// `~/.local/share/<app>` on Linux; `~/Library/Application Support/<app>` on Apple
    /// platforms; where `<app>` is the process's name.
    public static var standard: FileStorage {
        let app = ProcessInfo.processInfo.processName
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSTemporaryDirectory()
        #if canImport(Darwin)
        return FileStorage(directory: "\(home)/Library/Application Support/\(app)")
        #else
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return FileStorage(directory: "\(data)/\(app)")
        }
        return FileStorage(directory: "\(home)/.local/share/\(app)")
        #endif
    }

    /// The file that holds the value of `key`.
    ///
    /// - Parameter key: The key.
    /// - Returns: `<directory>/<key>.json`.
    public func path(forKey key: String) -> String {
        "\(directory)/\(key).json"
    }

    public func read(key: String) throws(PersistenceStorageError) -> Data? {
        try Self.check(key)
        removeAbandonedTemporaryFiles(of: key)
        let path = path(forKey: key)
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw PersistenceStorageError("\(path) is a symbolic link, which is never followed") }
            throw PersistenceStorageError("\(path) cannot be opened: \(Self.describe(code))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw PersistenceStorageError("\(path) cannot be examined: \(Self.describe(errno))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw PersistenceStorageError("\(path) is not a regular file")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw PersistenceStorageError("\(path) cannot be read: \(Self.describe(errno))")
            }
            bytes.append(contentsOf: chunk[..<count])
        }
        return Data(bytes)
    }

    public func write(_ data: Data, key: String) throws(PersistenceStorageError) {
        try Self.check(key)
        try createDirectory()
        let path = path(forKey: key)
        let temporary = "\(directory)/.\(key).json.\(getpid()).\(Self.nextTemporaryNumber()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            throw PersistenceStorageError(
                "a temporary file cannot be created in \(directory): \(Self.describe(errno))"
            )
        }
        var written = false
        defer { if !written { unlink(temporary) } }
        let failure: String? = {
            defer { close(descriptor) }
            if fchmod(descriptor, 0o600) != 0 { return "made private: \(Self.describe(errno))" }
            if let code = data.withUnsafeBytes({ FileOutput.writeAll(to: descriptor, $0) }) {
                return "written: \(Self.describe(code))"
            }
            if fsync(descriptor) != 0 { return "flushed to the disk: \(Self.describe(errno))" }
            return nil
        }()
        if let failure { throw PersistenceStorageError("the temporary file for \(path) cannot be \(failure)") }
        if rename(temporary, path) != 0 {
            throw PersistenceStorageError(
                "the temporary file cannot be renamed to \(path): \(Self.describe(errno))"
            )
        }
        written = true
        try syncDirectory()
    }

    public func setAside(key: String) throws(PersistenceStorageError) -> String {
        try Self.check(key)
        let path = path(forKey: key)
        var number = 1
        while true {
            let aside = "\(path).bad-\(number)"
            // A hard link fails if the name is taken, so nothing kept aside is replaced.
            if link(path, aside) == 0 {
                if unlink(path) != 0 {
                    let code = errno
                    unlink(aside)
                    throw PersistenceStorageError("\(path) cannot be removed: \(Self.describe(code))")
                }
                try syncDirectory()
                return aside
            }
            let code = errno
            if code == EEXIST {
                number += 1
                continue
            }
            if code == ENOENT { throw PersistenceStorageError("\(path) does not exist") }
            // A file system without hard links: a rename, after checking that the name is free.
            var status = stat()
            if lstat(aside, &status) == 0 {
                number += 1
                continue
            }
            if rename(path, aside) == 0 {
                try syncDirectory()
                return aside
            }
            throw PersistenceStorageError("\(path) cannot be moved to \(aside): \(Self.describe(errno))")
        }
    }

    // MARK: Internals

    package static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }

    private static let temporaryNumbers = Atomic<Int>(0)

    private static func nextTemporaryNumber() -> Int {
        temporaryNumbers.wrappingAdd(1, ordering: .relaxed).newValue
    }

    private static func check(_ key: String) throws(PersistenceStorageError) {
        let allowed = key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        guard allowed, !key.isEmpty, !key.hasPrefix(".") else {
            throw PersistenceStorageError(
                "\"\(key)\" cannot name a file: use letters, digits, '-', '_' and '.', not first"
            )
        }
    }

    private func createDirectory() throws(PersistenceStorageError) {
        var status = stat()
        if stat(directory, &status) == 0 { return }
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/\(component)"
            if mkdir(path, 0o700) != 0, errno != EEXIST {
                throw PersistenceStorageError("\(path) cannot be created: \(Self.describe(errno))")
            }
        }
    }

    private func syncDirectory() throws(PersistenceStorageError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 { throw PersistenceStorageError("\(directory) cannot be opened: \(Self.describe(errno))") }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw PersistenceStorageError("\(directory) cannot be flushed to the disk: \(Self.describe(errno))")
        }
    }

    /// Removes `.<key>.json.<pid>.<n>.tmp` files whose process no longer runs: what a process
    /// killed while writing left.
    private func removeAbandonedTemporaryFiles(of key: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = ".\(key).json."
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { continue }
            let middle = name.dropFirst(prefix.count).dropLast(4)
            guard let pidText = middle.split(separator: ".").first, let pid = pid_t(pidText) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink("\(directory)/\(name)")
            }
        }
    }
}

// The storage's `read` method hides the system call of the same name.

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
