"""The SQLite storage: one file, one connection per process, writes serialised by SQLite's lock.

Several processes may share the file (WAL mode): each statement takes the file's write lock as
it needs it, and one that waits for it longer than the busy timeout answers 503
(``DatabaseUnavailable``). The schema version is `PRAGMA user_version`, read and migrated in one
`BEGIN IMMEDIATE` transaction, which holds the write lock from its start: processes opening a
new file together agree.
"""

import sqlite3
import threading
import time

from .errors import Conflict, DatabaseUnavailable, StartupError

# Seconds a statement waits for another process's lock before the request gets a 503.
BUSY_TIMEOUT = 10.0

# Seconds between two tries to open a file other processes are opening too.
STARTUP_RETRY_PAUSE = 0.05

# MIGRATIONS[n - 1] takes the schema from version n - 1 to n.
MIGRATIONS = [
    # 1: check-ins and alerts, at most one active alert, history by date. Files written before
    #    schema versions (version 0) already have the two tables: they keep them.
    [
        """CREATE TABLE IF NOT EXISTS check_ins (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            date_ms INTEGER NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS alerts (
            id TEXT PRIMARY KEY NOT NULL,
            state TEXT NOT NULL,
            triggered_ms INTEGER NOT NULL,
            cancelled_ms INTEGER
        )""",
        "CREATE UNIQUE INDEX IF NOT EXISTS one_active_alert ON alerts (state) WHERE state = 'active'",
        "CREATE INDEX IF NOT EXISTS check_ins_by_date ON check_ins (date_ms DESC, seq DESC)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)


def is_busy(error):
    return "locked" in str(error) or "busy" in str(error)


class SQLiteStatements:
    def __init__(self, db):
        self.db = db

    def one(self, sql, params=()):
        # fetchall: a statement left unfinished (RETURNING, one row read) would keep its
        # implicit transaction, and the file's write lock, open.
        rows = self.db.execute(sql, params).fetchall()
        return rows[0] if rows else None

    def all(self, sql, params=()):
        return self.db.execute(sql, params).fetchall()

    def run(self, sql, params=()):
        try:
            return self.db.execute(sql, params).rowcount
        except sqlite3.IntegrityError as error:
            raise Conflict(str(error)) from None


class SQLiteStorage:
    """One SQLite connection shared by the handler threads, serialised by a lock."""

    def __init__(self, path):
        self.lock = threading.Lock()
        # Processes opening a new file together contend for it: switching it to WAL and
        # reading the WAL index can answer "locked" at once, without the busy timeout's wait
        # (SQLite does not wait where waiting could deadlock), more often on a loaded machine.
        # The start is tried again until the busy timeout has passed; any other error, or a
        # lock held that long, stops the backend with the error.
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            self.db = None
            try:
                self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT)
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.migrate(path)
                return
            except sqlite3.Error as error:
                if is_busy(error) and time.monotonic() < deadline:
                    if self.db is not None:
                        self.db.close()
                    time.sleep(STARTUP_RETRY_PAUSE)
                    continue
                raise StartupError(
                    f"--database {path} cannot be used as the backend's SQLite database: {error}"
                ) from None

    def migrate(self, path):
        self.db.execute("BEGIN IMMEDIATE")
        try:
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StartupError(
                    f"--database {path} holds check-ins of schema version {version}, newer than this backend's "
                    f"({SCHEMA_VERSION}): run the backend that wrote it, or use another file"
                )
            for migration in MIGRATIONS[version:]:
                for statement in migration:
                    self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    def run(self, work, idempotent):
        # `idempotent` does not matter here: a local file loses no connection.
        with self.lock:
            try:
                return work(SQLiteStatements(self.db))
            except sqlite3.OperationalError as error:
                if is_busy(error):
                    raise DatabaseUnavailable(f"the SQLite database stayed locked by another process: {error}") from None
                raise
