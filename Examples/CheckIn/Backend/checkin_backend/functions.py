"""The five check-in functions, written once over either storage.

Each function checks its input first, then asks the database in statements that are atomic on
their own. Nothing is kept in the process between requests: exactly-once check-ins come from
the unique `id` column and the one statement that inserts-or-returns it, "one active alert"
from a unique partial index, a single cancel from a conditional update — so any number of
processes can serve one database and agree.

SQL is written with `?` placeholders and runs unchanged on SQLite (3.35 or later: upserts and
RETURNING) and PostgreSQL; the PostgreSQL storage turns `?` into its driver's `%s`.
"""

import time
import uuid

from .errors import APIError, Conflict

HISTORY_MAX = 1000


def now_ms():
    return int(time.time() * 1000)


def parse_uuid(value, field):
    if not isinstance(value, str):
        raise APIError(400, "invalid_input", f"'{field}' must be a UUID string")
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise APIError(400, "invalid_input", f"'{field}' is not a UUID: {value!r}") from None


def require_int(body, field):
    value = body.get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise APIError(400, "invalid_input", f"'{field}' must be an integer")
    if not -(2**63) <= value < 2**63:
        raise APIError(400, "invalid_input", f"'{field}' does not fit in 64 bits")
    return value


def alert_json(row):
    return {"id": row[0], "state": row[1], "triggered_ms": row[2], "cancelled_ms": row[3]}


ALERT_COLUMNS = "id, state, triggered_ms, cancelled_ms"


class Functions:
    """The functions by name, over a storage (``SQLiteStorage`` or ``PostgreSQLStorage``)."""

    def __init__(self, storage):
        self.storage = storage
        self.by_name = {
            "check-in": self.check_in,
            "history": self.history,
            "trigger-alert": self.trigger_alert,
            "cancel-alert": self.cancel_alert,
            "active-alert": self.active_alert,
        }

    def check_in(self, body):
        key = parse_uuid(body.get("id"), "id")
        date_ms = require_int(body, "date_ms")
        # One statement, atomic on its own: a new id is inserted; a repeated one, from this
        # process or another, keeps its first record, which the no-op update lets RETURNING give.
        row = self.storage.run(
            lambda db: db.one(
                "INSERT INTO check_ins (id, date_ms) VALUES (?, ?) "
                "ON CONFLICT (id) DO UPDATE SET date_ms = check_ins.date_ms RETURNING id, date_ms",
                (key, date_ms),
            ),
            idempotent=True,
        )
        return {"id": row[0], "date_ms": row[1]}

    def history(self, body):
        limit = require_int(body, "limit")
        if not 1 <= limit <= HISTORY_MAX:
            raise APIError(400, "invalid_input", f"limit must be between 1 and {HISTORY_MAX}, got {limit}")
        rows = self.storage.run(
            lambda db: db.all("SELECT id, date_ms FROM check_ins ORDER BY date_ms DESC, seq DESC LIMIT ?", (limit,)),
            idempotent=True,
        )
        return {"check_ins": [{"id": r[0], "date_ms": r[1]} for r in rows]}

    def trigger_alert(self, body):
        row = (str(uuid.uuid4()), "active", now_ms(), None)
        try:
            # The unique index on active alerts refuses a second one, whichever process inserts
            # it. Not tried again after a lost connection: the first attempt may have committed.
            self.storage.run(
                lambda db: db.run(f"INSERT INTO alerts ({ALERT_COLUMNS}) VALUES (?, ?, ?, ?)", row), idempotent=False
            )
        except Conflict:
            raise APIError(409, "already_active", "an alert is already active") from None
        return alert_json(row)

    def cancel_alert(self, body):
        alert_id = parse_uuid(body.get("id"), "id")

        def cancel(db):
            # One conditional update: of several processes cancelling the same alert, one changes it.
            row = db.one(
                "UPDATE alerts SET state = 'cancelled', cancelled_ms = ? WHERE id = ? AND state = 'active' "
                f"RETURNING {ALERT_COLUMNS}",
                (now_ms(), alert_id),
            )
            if row is not None:
                return row
            if db.one("SELECT 1 FROM alerts WHERE id = ?", (alert_id,)) is None:
                raise APIError(404, "not_found", f"no alert {alert_id}")
            raise APIError(409, "not_active", f"alert {alert_id} is not active")

        return alert_json(self.storage.run(cancel, idempotent=False))

    def active_alert(self, body):
        row = self.storage.run(
            lambda db: db.one(f"SELECT {ALERT_COLUMNS} FROM alerts WHERE state = 'active'"), idempotent=True
        )
        return {"alert": alert_json(row) if row else None}
