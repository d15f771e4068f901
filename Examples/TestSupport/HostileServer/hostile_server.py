#!/usr/bin/env python3
"""A loopback HTTP server that misbehaves on purpose, for the tests of the HTTP client and the
check-in adapters (Python 3 standard library only). Never run it anywhere else.

It listens on two ports of 127.0.0.1: "main", where the client under test is pointed, and
"other", a second origin that main can redirect to. The first line on stdout is the two port
numbers, "MAIN OTHER". Every request either listener receives is appended to the --records file
as one JSON object a line: {"listener", "method", "path", "authorization", "body"}; what a
/huge answer managed to send is recorded too: {"event": "huge", "sent", "total"}.

How main answers is said by the first segments of the request path; the client under test gets
a functions URL that ends with them, so its function name comes last:

    /redirect/<status>/<location, base64url>/<function>
        <status> with a Location header (an absolute URL or a path on main).
    /reply/<status>/<body template, base64url>/<function>
        <status> with the JSON body, "{{id}}" replaced by the "id" of the request's JSON body.
    /huge/<status>/<bytes>/<declared: 0|1>/<function>
        <status> with a body of <bytes> bytes sent 64 KiB at a time, with a Content-Length when
        declared is 1, until all is sent or the client closes the connection.

The other listener answers every request 200 with {"id": <the request's id, or a new one>,
"date_ms": <the request's date_ms, or 0>}: the reply a check-in client would believe.

Each listener serves its connections one at a time, closes each after one answer, and gives up
on a client silent for 5 s: the tests make few requests, and nothing here may hang them.
"""

import argparse
import base64
import json
import signal
import socket
import threading
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer

RECORDS_LOCK = threading.Lock()


def record(path, entry):
    with RECORDS_LOCK, open(path, "a", encoding="utf-8") as records:
        records.write(json.dumps(entry) + "\n")


def decode_segment(segment):
    return base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)).decode()


def make_handler(listener, records_path):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True
        timeout = 5

        def log_message(self, format, *args):
            pass

        def read_json_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(min(length, 1 << 20)) if length > 0 else b""
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = {}
            return raw, body if isinstance(body, dict) else {}

        def answer(self, status, data, headers=()):
            self.close_connection = True
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)

        def handle_any(self):
            raw, body = self.read_json_body()
            record(records_path, {
                "listener": listener,
                "method": self.command,
                "path": self.path,
                "authorization": self.headers.get("Authorization"),
                "body": raw.decode("utf-8", "replace"),
            })
            if listener == "other":
                reply = {"id": body.get("id") or str(uuid.uuid4()), "date_ms": body.get("date_ms") or 0}
                self.answer(200, json.dumps(reply).encode())
                return
            segments = self.path.split("?")[0].strip("/").split("/")
            kind = segments[0] if segments else ""
            if kind == "redirect" and len(segments) >= 3:
                self.answer(int(segments[1]), b"{}", [("Location", decode_segment(segments[2]))])
            elif kind == "reply" and len(segments) >= 3:
                template = decode_segment(segments[2])
                self.answer(int(segments[1]), template.replace("{{id}}", str(body.get("id", ""))).encode())
            elif kind == "huge" and len(segments) >= 4:
                self.huge(int(segments[1]), int(segments[2]), segments[3] == "1")
            else:
                self.answer(400, b'{"error": {"code": "hostile_server", "message": "unknown behaviour"}}')

        def huge(self, status, total, declared):
            self.close_connection = True
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            if declared:
                self.send_header("Content-Length", str(total))
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b" " * 65536
            sent = 0
            try:
                while sent < total:
                    piece = chunk[: min(len(chunk), total - sent)]
                    self.wfile.write(piece)
                    sent += len(piece)
            except (BrokenPipeError, ConnectionResetError, TimeoutError):
                pass
            record(records_path, {"event": "huge", "sent": sent, "total": total})

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = handle_any

    return Handler


def main():
    block_stop_signals()
    parser = argparse.ArgumentParser(description="A misbehaving HTTP server for tests.")
    parser.add_argument("--records", required=True, help="file the requests are appended to")
    args = parser.parse_args()
    servers = [
        HTTPServer(("127.0.0.1", 0), make_handler(name, args.records)) for name in ("main", "other")
    ]
    for server in servers:
        server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(" ".join(str(server.server_address[1]) for server in servers), flush=True)
    signal.sigwait({signal.SIGTERM, signal.SIGINT, signal.SIGHUP})  # until the test stops us


def block_stop_signals():
    """A parent may start us with signals ignored (a Swift test runner does): block them, to be
    taken by sigwait whatever their disposition."""
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})


if __name__ == "__main__":
    main()
