"""The PostgreSQL storage, through the psycopg driver (3.1 or later).

- **Statements:** each commits on its own (autocommit): the functions ask nothing that needs
  two statements to be atomic together.
- **Connections:** each process keeps at most ``POOL_SIZE`` connections, opened when needed and
  shared by its handler threads one request at a time. A request that finds them all busy for
  ``POOL_WAIT`` seconds gets a 503. A connection that fails takes the idle ones with it (a
  server that went away or restarted closed them all), so the next requests connect anew.
- **Lost connections:** a read, or a check-in (idempotent by its id), that fails because its
  connection was lost runs once more on a new connection; a trigger or a cancel does not (the
  first attempt may have committed) and answers 503, as does anything while the server is down.
- **Schema:** migrated when the process starts, in one transaction that first takes an advisory
  lock (``pg_advisory_xact_lock``), so several processes starting together apply each migration
  once; each applied version is a row of ``checkin_schema_migrations``. A database of a newer
  version, or one holding tables of the same names that no backend created, is refused.
"""

import threading

from .errors import Conflict, DatabaseUnavailable, StartupError
from .storage import redact

try:
    import psycopg
except ImportError:  # only --database postgresql://… needs it
    psycopg = None

POOL_SIZE = 8
POOL_WAIT = 10.0
CONNECT_TIMEOUT_SECONDS = 5

# The advisory lock the migrations take: any constant the database's other users do not take.
MIGRATION_LOCK = 0x436865636B496E  # "CheckIn"
VERSION_TABLE = "checkin_schema_migrations"

# MIGRATIONS[n - 1] takes the schema from version n - 1 to n.
MIGRATIONS = [
    # 1: check-ins and alerts, at most one active alert, history by date.
    [
        """CREATE TABLE check_ins (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            date_ms BIGINT NOT NULL
        )""",
        """CREATE TABLE alerts (
            id TEXT PRIMARY KEY,
            state TEXT NOT NULL CHECK (state IN ('active', 'cancelled')),
            triggered_ms BIGINT NOT NULL,
            cancelled_ms BIGINT
        )""",
        "CREATE UNIQUE INDEX one_active_alert ON alerts (state) WHERE state = 'active'",
        "CREATE INDEX check_ins_by_date ON check_ins (date_ms DESC, seq DESC)",
    ],
]
SCHEMA_VERSION = len(MIGRATIONS)


def one_line(error):
    """A driver's message (libpq's span lines and tabs) on one line."""
    return " ".join(str(error).split())


def explain_connection_failure(shown, error):
    message = one_line(error)
    lower = message.lower()
    if any(
        clue in lower
        for clue in ("password authentication failed", "no password supplied", "no pg_hba.conf entry", "authentication")
    ) or ("role" in lower and "does not exist" in lower):
        what = "PostgreSQL refused the credentials: check the user and password (in the URL, PGPASSWORD or ~/.pgpass)"
    elif "database" in lower and "does not exist" in lower:
        what = "the database does not exist: create it (createdb NAME) or name another"
    elif "invalid" in lower or "missing" in lower or "unrecognized" in lower:
        what = "the URL cannot be used: check its form (postgresql://USER:PASSWORD@HOST:PORT/DATABASE)"
    else:
        what = "PostgreSQL cannot be reached: check that the server runs, and the host, port or socket directory"
    return f"--database {shown}: {what} ({message})"


class PostgreSQLStatements:
    def __init__(self, connection):
        self.connection = connection

    @staticmethod
    def statement(sql):
        return sql.replace("?", "%s")

    def one(self, sql, params=()):
        return self.connection.execute(self.statement(sql), params or None).fetchone()

    def all(self, sql, params=()):
        return self.connection.execute(self.statement(sql), params or None).fetchall()

    def run(self, sql, params=()):
        try:
            return self.connection.execute(self.statement(sql), params or None).rowcount
        except psycopg.errors.UniqueViolation as error:
            raise Conflict(one_line(error)) from None


class ConnectionPool:
    """At most `size` connections, opened on demand; closed ones are dropped with the idle ones."""

    def __init__(self, connect, size):
        self.connect = connect
        self.size = size
        self.idle = []
        self.open = 0
        self.changed = threading.Condition()

    def take(self):
        with self.changed:
            if not self.changed.wait_for(lambda: self.idle or self.open < self.size, timeout=POOL_WAIT):
                raise DatabaseUnavailable(
                    f"all {self.size} database connections of this process stayed busy for {POOL_WAIT:g} s"
                )
            if self.idle:
                return self.idle.pop()
            self.open += 1
        try:
            return self.connect()
        except BaseException:
            with self.changed:
                self.open -= 1
                self.changed.notify()
            raise

    def give_back(self, connection):
        dropped = []
        with self.changed:
            if connection.closed:
                dropped, self.idle = [connection] + self.idle, []
                self.open -= len(dropped)
            else:
                self.idle.append(connection)
            self.changed.notify(1 + len(dropped))
        for stale in dropped:
            stale.close()


class PostgreSQLStorage:
    def __init__(self, url):
        self.shown = redact(url)
        if psycopg is None:
            raise StartupError(
                f"--database {self.shown} needs psycopg, Python's PostgreSQL driver: "
                "pip install psycopg (or on Debian: apt-get install python3-psycopg)"
            )
        self.url = url
        self.pool = ConnectionPool(self.connect, POOL_SIZE)
        try:
            connection = self.connect()
        except psycopg.Error as error:
            raise StartupError(explain_connection_failure(self.shown, error)) from None
        try:
            self.migrate(connection)
        except psycopg.Error as error:
            raise StartupError(
                f"--database {self.shown}: the check-in schema could not be created or migrated ({one_line(error)})"
            ) from None
        finally:
            connection.close()

    def connect(self):
        return psycopg.connect(
            self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS, application_name="checkin-backend"
        )

    def migrate(self, connection):
        with connection.transaction():
            # Held until this transaction ends: a process starting meanwhile waits here, then
            # reads the version this one wrote.
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            connection.execute(
                f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} "
                "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            version = connection.execute(f"SELECT coalesce(max(version), 0) FROM {VERSION_TABLE}").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StartupError(
                    f"--database {self.shown} holds check-ins of schema version {version}, newer than this "
                    f"backend's ({SCHEMA_VERSION}): run the backend that migrated it, or use another database"
                )
            if version == 0:
                taken = [
                    name
                    for name in ("check_ins", "alerts")
                    if connection.execute("SELECT to_regclass(%s)", (name,)).fetchone()[0] is not None
                ]
                if taken:
                    raise StartupError(
                        f"--database {self.shown} already has {' and '.join(taken)} that no check-in backend "
                        f"created (it records no schema version in {VERSION_TABLE}): give the backend a database "
                        "of its own"
                    )
            for number in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[number - 1]:
                    connection.execute(statement)
                connection.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES (%s)", (number,))

    def run(self, work, idempotent):
        for attempt in (1, 2):
            try:
                connection = self.pool.take()
            except psycopg.Error as error:
                raise DatabaseUnavailable(f"cannot connect to the database: {one_line(error)}") from None
            try:
                return work(PostgreSQLStatements(connection))
            except (psycopg.OperationalError, psycopg.InterfaceError) as error:
                if attempt == 2 or not idempotent or not connection.closed:
                    raise DatabaseUnavailable(f"the database connection failed: {one_line(error)}") from None
                # The connection was lost (a server restart closes idle ones): once more on a new one.
            finally:
                self.pool.give_back(connection)
