"""Which storage a `--database` names, and how its name is shown.

A storage runs a function's work on one of its connections:

    storage.run(work, idempotent=True) -> what work(db) returned

`work` asks through `db.one(sql, params)` (the first row, or None), `db.all(sql, params)` and
`db.run(sql, params)` (the number of rows changed); each statement commits on its own, so each
must be atomic on its own. A uniqueness rule broken by a write raises ``Conflict``; a database
that cannot serve now raises ``DatabaseUnavailable`` (503). `idempotent` says whether the work
may run again after a lost connection (a write may have committed the first time). Both
storages create or migrate their schema when they open, under a lock, so processes starting
together agree, and refuse a database of a newer schema version.
"""

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(database):
    return database.startswith(POSTGRESQL_SCHEMES)


def open_storage(database):
    """The storage `database` names: a `postgresql://` URL, or else a SQLite file's path.

    Raises ``StartupError`` with a message for the person starting the server."""
    if is_postgresql(database):
        from .postgresql_storage import PostgreSQLStorage

        return PostgreSQLStorage(database)
    from .sqlite_storage import SQLiteStorage

    return SQLiteStorage(database)


def redact(database):
    """`database` as it may be printed: a URL's password (in its user part or its query) as `***`."""
    if not is_postgresql(database):
        return database
    parts = urlsplit(database)
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        if ":" in user:
            user = user.split(":", 1)[0] + ":***"
        netloc = f"{user}@{host}"
    query = parts.query
    if query:
        pairs = [(k, "***" if k == "password" else v) for k, v in parse_qsl(query, keep_blank_values=True)]
        query = urlencode(pairs, safe="/:")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
