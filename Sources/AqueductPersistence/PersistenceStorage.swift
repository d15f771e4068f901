#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where persisted values are kept: files (``FileStorage``, the default), memory
/// (``InMemoryStorage``, for tests and previews), or a storage of the app's own — SQLite, user
/// defaults, a server.
///
/// A storage keeps bytes under keys. ``PersistedState`` encodes, versions and migrates; a
/// storage only reads, writes and moves aside:
///
/// ```swift
/// struct DefaultsStorage: PersistenceStorage {
///     func read(key: String) throws(PersistenceStorageError) -> Data? {
///         UserDefaults.standard.data(forKey: key)
///     }
///     func write(_ data: Data, key: String) throws(PersistenceStorageError) {
///         UserDefaults.standard.set(data, forKey: key)
///     }
///     func setAside(key: String) throws(PersistenceStorageError) -> String {
///         var number = 1
///         while UserDefaults.standard.data(forKey: "\(key).bad-\(number)") != nil { number += 1 }
///         UserDefaults.standard.set(UserDefaults.standard.data(forKey: key), forKey: "\(key).bad-\(number)")
///         UserDefaults.standard.removeObject(forKey: key)
///         return "\(key).bad-\(number)"
///     }
/// }
/// ```
///
/// ## What a storage promises
/// - ``write(_:key:)`` replaces the value whole: a reader — this process after a crash, or
///   another one — sees the old bytes or the new ones, never a mix.
/// - ``setAside(key:)`` moves the value under a name nothing else uses, and never replaces
///   data already kept aside.
/// - Its methods may be called from any thread, one call at a time per key from one
///   ``PersistedState``. Two ``PersistedState``s on one key call it concurrently.
public protocol PersistenceStorage: Sendable {
    /// The bytes stored under `key`, or `nil` when there are none.
    ///
    /// - Parameter key: The key.
    /// - Returns: The bytes, or `nil`.
    /// - Throws: ``PersistenceStorageError`` when the bytes exist and cannot be read.
    func read(key: String) throws(PersistenceStorageError) -> Data?

    /// Replaces the bytes stored under `key`, whole.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - key: The key.
    /// - Throws: ``PersistenceStorageError`` when they cannot be written; what was stored stays.
    func write(_ data: Data, key: String) throws(PersistenceStorageError)

    /// Moves the bytes stored under `key` aside, under a name no other data has, and returns
    /// that name; afterwards nothing is stored under `key`.
    ///
    /// - Parameter key: The key.
    /// - Returns: Where the bytes are now, for a person (a path, a key).
    /// - Throws: ``PersistenceStorageError`` when they cannot be moved.
    func setAside(key: String) throws(PersistenceStorageError) -> String
}
