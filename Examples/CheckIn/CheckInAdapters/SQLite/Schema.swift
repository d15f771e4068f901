/// The CheckIn database schema: an application id and ordered migrations.
///
/// `PRAGMA user_version` holds the number of migrations applied. Migrations are append-only:
/// never edit a shipped one, add the next.
enum Schema {
    /// `PRAGMA application_id` of a CheckIn database ("AQCI"), so another app's SQLite file is
    /// recognised as foreign instead of being migrated.
    static let applicationID: Int64 = 0x4151_4349

    /// The migrations, in order; migration `n` (1-based) brings `user_version` from `n - 1` to `n`.
    static let migrations: [String] = [
        // v1: check-ins and alerts.
        """
        CREATE TABLE check_ins (
            id TEXT PRIMARY KEY NOT NULL,
            date_ms INTEGER NOT NULL
        );
        CREATE INDEX check_ins_by_date ON check_ins (date_ms DESC);
        CREATE TABLE alerts (
            id TEXT PRIMARY KEY NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('active', 'cancelled')),
            triggered_ms INTEGER NOT NULL,
            cancelled_ms INTEGER
        );
        CREATE UNIQUE INDEX alerts_one_active ON alerts (state) WHERE state = 'active';
        """,
        // v2: the queue of check-ins waiting to be pushed to a remote backend, in order.
        """
        CREATE TABLE pending_sync (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            check_in_id TEXT NOT NULL UNIQUE REFERENCES check_ins (id)
        );
        """,
        // v3: check-in rows that could not be read, moved out of the way with the reason. `id`
        // and `date_ms` keep whatever was stored, of any type (no affinity).
        """
        CREATE TABLE quarantined_check_ins (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id,
            date_ms,
            reason TEXT NOT NULL,
            quarantined_ms INTEGER NOT NULL
        );
        """,
    ]

    /// The table undecodable check-in rows are moved to.
    static let quarantineTable = "quarantined_check_ins"

    /// The schema version this build writes and understands.
    static var currentVersion: Int { migrations.count }
}
