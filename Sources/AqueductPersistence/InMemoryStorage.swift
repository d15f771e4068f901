import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ``PersistenceStorage`` in memory: for tests and previews.
///
/// Give each test its own, and two ``PersistedState``s sharing one to see what a restart
/// restores:
///
/// ```swift
/// let storage = InMemoryStorage()
/// let settings = PersistedState(\AppState.settings, key: "settings", storage: storage)
/// // …
/// settings.flush()  // after a store changed the settings
/// let restarted = PersistedState(\AppState.settings, key: "settings", storage: storage)
/// var state = AppState()
/// restarted.load(into: &state)  // the settings the first store left
/// ```
///
/// Values set aside stay in it under `key.bad-N`. `Sendable`: a lock guards its values.
public final class InMemoryStorage: PersistenceStorage {
    private let values: LockedValue<[String: Data]>

    /// Creates a storage holding `values`.
    ///
    /// - Parameter values: The bytes under each key; none by default.
    public init(_ values: [String: Data] = [:]) {
        self.values = LockedValue(values)
    }

    /// The bytes stored under `key`, or `nil`.
    ///
    /// - Parameter key: The key.
    public subscript(key: String) -> Data? {
        values.withLock { $0[key] }
    }

    /// The keys that hold bytes, sorted.
    public var keys: [String] {
        values.withLock { $0.keys.sorted() }
    }

    public func read(key: String) throws(PersistenceStorageError) -> Data? {
        values.withLock { $0[key] }
    }

    public func write(_ data: Data, key: String) throws(PersistenceStorageError) {
        values.withLock { $0[key] = data }
    }

    public func setAside(key: String) throws(PersistenceStorageError) -> String {
        try values.withLock { values throws(PersistenceStorageError) in
            guard let data = values[key] else { throw PersistenceStorageError("nothing is stored under \"\(key)\"") }
            var number = 1
            while values["\(key).bad-\(number)"] != nil { number += 1 }
            values["\(key).bad-\(number)"] = data
            values[key] = nil
            return "\(key).bad-\(number)"
        }
    }
}
