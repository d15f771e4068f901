import PrintableText

/// A check-in row that ``SQLiteCheckInStore`` could not read — a date that is not a number, an
/// id that is not a UUID — and moved out of the way.
///
/// One damaged row must not stop everything else: a row that cannot be decoded is moved, in
/// one transaction, from `check_ins` (and from the sync queue) to the table
/// `quarantined_check_ins` of the same file, with the reason, and reported once to the store's
/// `onQuarantine` handler. The other check-ins are read, synced and shown as if it were not
/// there; the row itself is kept, for a person to look at.
///
/// ```swift
/// let store = try SQLiteCheckInStore(path: path) { quarantined in
///     print(quarantined)   // check-in 7D3F… in /data/lifesignal.sqlite cannot be read: its date is …
/// }
/// ```
///
/// A `Sendable` value.
public struct QuarantinedCheckIn: Sendable, Hashable, CustomStringConvertible {
    /// The row's id as it was stored (text, which may not be a UUID, or a description of a
    /// value of another type).
    public var storedID: String
    /// Why it could not be read, for example `its date is TEXT 'yesterday', not a number`.
    public var reason: String
    /// The database file.
    public var path: String

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - storedID: The row's id as it was stored.
    ///   - reason: Why it could not be read.
    ///   - path: The database file.
    public init(storedID: String, reason: String, path: String) {
        self.storedID = storedID
        self.reason = reason
        self.path = path
    }

    /// One line naming the row, the file and the reason, and saying where the row went; text
    /// read from the file is escaped (``PrintableText``).
    public var description: String {
        PrintableText.escaping(
            "check-in \(storedID) in \(path) cannot be read (\(reason)): it was moved to the table "
                + "\(Schema.quarantineTable) of that file and is neither synced nor shown"
        )
    }
}
