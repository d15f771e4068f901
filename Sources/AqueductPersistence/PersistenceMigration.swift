#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a value stored by an older version of the app becomes the value of this one: one
/// migration for each older version, from that version straight to the current value.
///
/// ```swift
/// let settings = PersistedState(
///     \AppState.settings,
///     key: "settings",
///     version: 3,
///     migrations: [
///         .from(version: 1, as: SettingsV1.self) { old in Settings(checkInMinutes: old.intervalSeconds / 60) },
///         .from(version: 2, as: SettingsV2.self) { old in Settings(checkInMinutes: old.checkInMinutes, contact: old.contact) },
///     ]
/// )
/// ```
///
/// Keep the old version's type as it was when that version was written (`SettingsV1` above):
/// it is what decodes the old file. `Sendable`.
public struct PersistenceMigration<Value>: Sendable {
    /// The version this migration reads.
    public let version: Int
    /// Decodes the stored value of ``version`` and turns it into the current value.
    internal let migrate: @Sendable (Data, JSONDecoder) throws(MigrationFailure) -> Value

    /// A migration from the values that version `version` stored, decoded as `Old`.
    ///
    /// - Parameters:
    ///   - version: The older version.
    ///   - type: The type that version stored.
    ///   - migrate: Turns the old value into the current one; what it throws is reported as
    ///     ``PersistenceError/migrationFailed(key:version:reason:keptAt:)``.
    /// - Returns: The migration.
    public static func from<Old: Decodable & SendableMetatype>(
        version: Int,
        as type: Old.Type,
        _ migrate: @escaping @Sendable (Old) throws -> Value
    ) -> PersistenceMigration {
        PersistenceMigration(version: version) { data, decoder throws(MigrationFailure) in
            let old: Old
            do {
                old = try decoder.decode(PersistedEnvelope<Old>.self, from: data).value
            } catch {
                throw .undecodable(PersistedEnvelope<Old>.describe(error))
            }
            do {
                return try migrate(old)
            } catch {
                throw .threw(String(describing: error))
            }
        }
    }
}

/// Why a migration did not give a value.
internal enum MigrationFailure: Error {
    /// The stored value is not one of the old version's: the data is corrupt.
    case undecodable(String)
    /// The migration threw.
    case threw(String)
}

/// How a value is stored: `{"value":…,"version":N}`.
internal struct PersistedEnvelope<Value> {
    var version: Int
    var value: Value
}

extension PersistedEnvelope: Encodable where Value: Encodable {}
extension PersistedEnvelope: Decodable where Value: Decodable {}

extension PersistedEnvelope {
    /// The version alone: read first, to choose how to decode the value.
    struct Header: Decodable {
        var version: Int
    }

    /// A decoding error, for a person: what was wrong, and where.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { ": \(String(describing: $0))" } ?? ""
            return "\(context.debugDescription)\(path(context))\(underlying)"
        case .keyNotFound(let key, let context):
            return "no \"\(key.stringValue)\"\(path(context))"
        case .typeMismatch(let type, let context):
            return "not a \(type)\(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "no \(type)\(path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
