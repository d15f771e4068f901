#!/usr/bin/env python3
"""Reference backend for the CheckIn cloud-functions adapter, over SQLite or PostgreSQL.

Implements the check-in functions the way Supabase Edge Functions are called:

    POST {functions_url}/{function-name}
    Authorization: Bearer <token>
    Content-Type: application/json

Functions (JSON in, JSON out; dates are integer milliseconds since 1970):

    check-in      {"id": uuid, "date_ms": int}  -> {"id", "date_ms"}
                  The id is the idempotency key: a repeated id returns the stored record.
    history       {"limit": 1..1000}            -> {"check_ins": [...]}   newest first
    trigger-alert {}                            -> alert    409 already_active if one is active
    cancel-alert  {"id": uuid}                  -> alert    404 not_found, 409 not_active
    active-alert  {}                            -> {"alert": alert | null}

Errors are {"error": {"code": str, "message": str}} with 400 (invalid_input),
401 (unauthorized), 404 (not_found / unknown_function), 405, 409, 411 (length_required),
413 (body_too_large), 500, 503 (database_unavailable: try again).

Storage: `--database PATH` is a SQLite file (the default kind: Python's standard library only);
`--database postgresql://USER:PASSWORD@HOST:PORT/NAME` is a PostgreSQL database, through the
psycopg driver (`pip install psycopg`, or Debian's python3-psycopg). Same functions, same
answers. A process keeps nothing between requests, so any number of them (each with its
threads) can serve one database: check-ins stay exactly-once through the unique id and the
transaction that stores it, one active alert through a unique index. The schema is created or
migrated when a process starts, under a lock, so processes starting together agree (see
checkin_backend/). A database that cannot be used — unreachable, refusing the credentials, of
a newer schema version, not a SQLite file — ends the server at once with a message naming it
(password hidden) and exit status 2. While the database is down, requests get 503; the
server reconnects when it is back.

Many clients at once are all accepted: the listen backlog holds LISTEN_BACKLOG connections
(the standard library's default of 5 resets clients when dozens connect together).

Hostile clients get bounded answers: the token is checked (in constant time) before any of the
body is read, so an unauthenticated request costs its headers only (401, and the connection is
closed); a body longer than --max-body bytes (default 64 KiB) is refused unread (413); a
connection that sends nothing for --idle-timeout seconds (default 10) is closed, so clients that
send headers and no body cannot hold the server's threads; a body of arrays or objects nested
too deeply to parse is a 400 (invalid_input) that says so.

Run by hand:

    python3 Examples/CheckIn/Backend/server.py --database /tmp/checkin.db --token secret --port 8080

`--port 0` binds a free port. The first line on stdout is always the bound port number alone
(tests read it); a human-readable line goes to stderr. The token may also come from the
CHECKIN_TOKEN environment variable, the database from CHECKIN_DATABASE (a URL's password then
stays out of the process list; libpq's PGPASSWORD and ~/.pgpass work too). `--pid-file FILE`
writes the process id there once the port is bound. `--db` is the older name of `--database`.

`--test-hooks` enables request headers used by the error-mapping tests (never in production):
    X-Test-Status: <code>      answer this status with an error body
    X-Test-Error-Code: <code>  the "code" of that error body (default "test_error")
    X-Test-Body: <text>        answer 200 with this raw body (e.g. malformed JSON)
    X-Test-Delay: <seconds>    sleep before answering (at most 30 s)
    X-Test-Echo-Headers: 1     answer 200 with the request headers as a JSON object
"""

import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources

import argparse
import hmac
import json
import os
import signal
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from checkin_backend.errors import APIError, StartupError
from checkin_backend.functions import Functions
from checkin_backend.storage import open_storage, redact

MAX_BODY_DEFAULT = 64 * 1024
IDLE_TIMEOUT_DEFAULT = 10.0
# Connections the kernel completes and holds for the accept loop (the listen backlog; the
# standard library's 5 resets clients when dozens connect at once). Linux caps it at
# net.core.somaxconn (4096 by default).
LISTEN_BACKLOG = 1024


class Server(ThreadingHTTPServer):
    request_queue_size = LISTEN_BACKLOG
    daemon_threads = True


def make_handler(functions, token, test_hooks, max_body=MAX_BODY_DEFAULT, idle_timeout=IDLE_TIMEOUT_DEFAULT):
    expected_authorization = f"Bearer {token}".encode()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Without this every keep-alive request waits ~40 ms for delayed ACKs.
        disable_nagle_algorithm = True
        # The socket timeout: a connection idle this long (no headers, no body) is closed.
        timeout = idle_timeout

        def log_message(self, format, *args):
            if os.environ.get("CHECKIN_LOG"):
                sys.stderr.write("%s - %s\n" % (self.address_string(), format % args))

        def send_json(self, status, payload):
            self.send_raw(status, json.dumps(payload).encode())

        def send_raw(self, status, data):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def send_error_json(self, status, code, message):
            self.send_json(status, {"error": {"code": code, "message": message}})

        def refuse(self, status, code, message):
            """Answers without reading the body, and closes the connection: the unread body
            would otherwise be taken for the next request."""
            self.close_connection = True
            self.send_response(status)
            data = json.dumps({"error": {"code": code, "message": message}}).encode()
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)

        def is_authorized(self):
            # http.server decodes header bytes as ISO-8859-1: encoding back gives the bytes sent,
            # compared in constant time with the UTF-8 of the expected header.
            given = (self.headers.get("Authorization") or "").encode("iso-8859-1", "replace")
            return hmac.compare_digest(given, expected_authorization)

        def body_length(self):
            """The declared body length, or None when the request must be refused (answered)."""
            if self.headers.get("Transfer-Encoding"):
                self.refuse(411, "length_required", "send the body with a Content-Length, not chunked")
                return None
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                self.refuse(400, "invalid_input", "Content-Length is not a number")
                return None
            if length < 0:
                self.refuse(400, "invalid_input", "Content-Length is negative")
                return None
            if length > max_body:
                self.refuse(413, "body_too_large", f"the body is {length} bytes; at most {max_body} are accepted")
                return None
            return length

        def read_body(self, length):
            raw = self.rfile.read(length) if length else b""
            if len(raw) < length:
                raise APIError(400, "invalid_input", "the body ended before its Content-Length")
            if not raw:
                return {}
            try:
                body = json.loads(raw)
            except ValueError:
                raise APIError(400, "invalid_input", "the body is not valid JSON") from None
            except RecursionError:
                # The parser recurses once per level: a body of nested brackets exhausts it.
                raise APIError(
                    400, "invalid_input", "the body nests arrays or objects too deeply to be parsed"
                ) from None
            if not isinstance(body, dict):
                raise APIError(400, "invalid_input", "the body must be a JSON object")
            return body

        def do_POST(self):
            try:
                if test_hooks and self.apply_test_hooks():
                    return
                # The token first, the body after: an unauthenticated request costs its headers.
                if not self.is_authorized():
                    self.refuse(401, "unauthorized", "missing or invalid bearer token")
                    return
                length = self.body_length()
                if length is None:
                    return
                body = self.read_body(length)
                name = self.path.strip("/").split("?")[0]
                function = functions.by_name.get(name)
                if function is None:
                    raise APIError(404, "unknown_function", f"no function named {name!r}")
                self.send_json(200, function(body))
            except APIError as error:
                self.send_error_json(error.status, error.code, error.message)
            except TimeoutError:
                raise  # an idle client: handle_one_request closes the connection
            except Exception as error:  # a bug in this server: report it as a 500
                self.send_error_json(500, "internal", f"{type(error).__name__}: {error}")

        def apply_test_hooks(self):
            """Answers as the X-Test-* headers say, after reading the body (at most --max-body)."""
            if not any(name.lower().startswith("x-test-") for name in self.headers.keys()):
                return False
            length = self.body_length()
            if length is None:
                return True
            self.read_body(length)
            delay = self.headers.get("X-Test-Delay")
            if delay:
                time.sleep(min(float(delay), 30.0))
            status = self.headers.get("X-Test-Status")
            if status:
                code = self.headers.get("X-Test-Error-Code", "test_error")
                self.send_error_json(int(status), code, f"test status {status}")
                return True
            if self.headers.get("X-Test-Echo-Headers"):
                self.send_json(200, {name: value for name, value in self.headers.items()})
                return True
            raw = self.headers.get("X-Test-Body")
            if raw is not None:
                self.send_raw(200, raw.encode())
                return True
            return False

        def do_GET(self):
            self.send_error_json(405, "method_not_allowed", "functions are called with POST")

        do_PUT = do_DELETE = do_PATCH = do_GET

    return Handler


def reset_signals():
    """A parent may start us with signals blocked or ignored (a Swift test runner does): restore
    the defaults so SIGTERM/SIGINT stop the server."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(0))


def main():
    reset_signals()
    parser = argparse.ArgumentParser(description="CheckIn reference backend (cloud functions over SQLite or PostgreSQL).")
    parser.add_argument(
        "--database",
        "--db",
        default=os.environ.get("CHECKIN_DATABASE"),
        help="a SQLite file, or a postgresql:// URL (or CHECKIN_DATABASE)",
    )
    parser.add_argument("--token", default=os.environ.get("CHECKIN_TOKEN"), help="bearer token (or CHECKIN_TOKEN)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    parser.add_argument("--pid-file", help="write the process id to this file once the port is bound")
    parser.add_argument("--test-hooks", action="store_true", help="enable X-Test-* headers (tests only)")
    parser.add_argument("--max-body", type=int, default=MAX_BODY_DEFAULT, help="largest request body, in bytes")
    parser.add_argument(
        "--idle-timeout", type=float, default=IDLE_TIMEOUT_DEFAULT, help="seconds before an idle connection is closed"
    )
    args = parser.parse_args()
    if not args.token:
        parser.error("a token is required (--token or CHECKIN_TOKEN)")
    if not args.database:
        parser.error("a database is required (--database or CHECKIN_DATABASE)")

    try:
        functions = Functions(open_storage(args.database))
    except StartupError as error:
        sys.stderr.write(f"{parser.prog}: error: {error}\n")
        sys.exit(2)
    handler = make_handler(functions, args.token, args.test_hooks, args.max_body, args.idle_timeout)
    server = Server((args.host, args.port), handler)
    port = server.server_address[1]
    if args.pid_file:
        with open(args.pid_file, "w") as pid_file:
            pid_file.write(f"{os.getpid()}\n")
    print(port, flush=True)
    sys.stderr.write(f"CheckIn backend listening on http://{args.host}:{port} (database {redact(args.database)})\n")
    sys.stderr.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        if args.pid_file:
            os.unlink(args.pid_file)


if __name__ == "__main__":
    main()
