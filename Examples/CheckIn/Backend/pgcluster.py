#!/usr/bin/env python3
"""A private PostgreSQL cluster in a directory of its own: for trying the check-in backend on
PostgreSQL, for CI and for the tests. Python's standard library only; the server is Debian's
`postgresql` package (or any PostgreSQL whose initdb is found: PG_BINDIR, Debian's
/usr/lib/postgresql/*/bin, or PATH).

    pgcluster.py run -- COMMAND [ARG...]   a new cluster in a temporary directory for as long as
                                           COMMAND runs, with CHECKIN_DATABASE set to its URL
    pgcluster.py start DIR                 create (initdb, the first time) and start the cluster
                                           in DIR; prints the URL of its `checkin` database
    pgcluster.py stop DIR                  stop it (fast shutdown) and remove DIR

`start` on a directory whose server was killed starts it again (PostgreSQL recovers from its
write-ahead log). The cluster listens on a Unix socket in DIR only, no TCP port; its one role,
`checkin`, needs the generated password (scram-sha-256), which the URL carries. fsync is off:
a killed server loses nothing it had committed (the operating system has it), a power cut could
— a cluster for trying and testing, not for keeping data. Run as root, the server runs as the
`postgres` user (or `nobody`), since initdb and pg_ctl refuse root.

Errors are one line on stderr and exit status 1 (no traceback).
"""

import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources

import glob
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import tempfile
from urllib.parse import quote

ROLE = "checkin"
DATABASE = "checkin"
SETTINGS = """
# pgcluster.py: a private cluster for trying and testing
listen_addresses = ''
unix_socket_directories = '{directory}'
max_connections = 200
fsync = off
"""


class Failure(Exception):
    """What went wrong, for the person running the command."""


def server_binaries():
    """The folder of initdb and pg_ctl."""
    if os.environ.get("PG_BINDIR"):
        return os.environ["PG_BINDIR"]
    debian = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if debian:
        newest = max(debian, key=lambda path: int(path.split("/")[4]) if path.split("/")[4].isdigit() else 0)
        return os.path.dirname(newest)
    on_path = shutil.which("initdb")
    if on_path:
        return os.path.dirname(on_path)
    raise Failure(
        "no PostgreSQL server found: install it (Debian: apt-get install postgresql), "
        "or set PG_BINDIR to the folder of its initdb and pg_ctl"
    )


def server_account():
    """(uid, gid) to run the server as, or None to run it as ourselves (not root)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return entry.pw_uid, entry.pw_gid
    raise Failure("running as root, and there is no postgres or nobody user to run PostgreSQL as")


def run_as_server(arguments, directory, account):
    """Runs a server program (initdb, pg_ctl) as the server's account; raises Failure on error."""
    options = {"user": account[0], "group": account[1], "extra_groups": []} if account else {}
    result = subprocess.run(arguments, cwd=directory, capture_output=True, text=True, **options)
    if result.returncode != 0:
        output = (result.stderr or result.stdout).strip()
        raise Failure(f"{os.path.basename(arguments[0])} failed ({result.returncode}): {output}")
    return result


def url_of(directory, password, database):
    return f"postgresql://{ROLE}:{password}@/{database}?host={quote(directory, safe='/')}"


def start(directory):
    directory = os.path.abspath(directory)
    binaries = server_binaries()
    account = server_account()
    data = os.path.join(directory, "data")
    password_file = os.path.join(directory, "password")
    os.makedirs(directory, exist_ok=True)
    os.chmod(directory, 0o700)
    if account:
        os.chown(directory, *account)
    new = not os.path.exists(os.path.join(data, "PG_VERSION"))
    if new:
        with open(os.open(password_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
            file.write(secrets.token_hex(16) + "\n")
        if account:
            os.chown(password_file, *account)
        run_as_server(
            [
                os.path.join(binaries, "initdb"),
                "--pgdata", data,
                "--username", ROLE,
                "--pwfile", password_file,
                "--auth", "scram-sha-256",
                "--encoding", "UTF8",
                "--locale", "C",
                "--no-sync",
                "--no-instructions",
            ],
            directory,
            account,
        )
        with open(os.path.join(data, "postgresql.conf"), "a") as conf:
            conf.write(SETTINGS.format(directory=directory.replace("'", "''")))
    with open(password_file) as file:
        password = file.read().strip()
    log = os.path.join(directory, "server.log")
    try:
        run_as_server(
            [os.path.join(binaries, "pg_ctl"), "--pgdata", data, "--log", log, "--wait", "--timeout", "120", "start"],
            directory,
            account,
        )
    except Failure as failure:
        raise Failure(f"{failure}; the server's log ({log}) ends with: {tail(log)}") from None
    if new:
        environment = dict(os.environ, PGPASSWORD=password)
        result = subprocess.run(
            [os.path.join(binaries, "createdb"), "--host", directory, "--username", ROLE, DATABASE],
            env=environment,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise Failure(f"createdb failed: {result.stderr.strip()}")
    return url_of(directory, password, DATABASE)


def stop(directory):
    directory = os.path.abspath(directory)
    data = os.path.join(directory, "data")
    if os.path.exists(os.path.join(data, "postmaster.pid")):
        binaries = server_binaries()
        account = server_account()
        pg_ctl = os.path.join(binaries, "pg_ctl")
        try:
            run_as_server([pg_ctl, "--pgdata", data, "--mode", "fast", "--wait", "--timeout", "60", "stop"], directory, account)
        except Failure:
            # Not running (killed), or not stopping in time: make sure, then remove it all.
            try:
                run_as_server([pg_ctl, "--pgdata", data, "--mode", "immediate", "--wait", "stop"], directory, account)
            except Failure:
                pass
    shutil.rmtree(directory, ignore_errors=True)


def tail(path, lines=5):
    try:
        with open(path, errors="replace") as file:
            return " | ".join(line.strip() for line in file.readlines()[-lines:])
    except OSError:
        return "(no log)"


def run(command):
    """Runs `command` with a cluster of its own; returns its exit status. Ctrl-C reaches the
    command (and not the server, which pg_ctl starts in a session of its own); SIGTERM is passed
    on to it. The cluster is stopped and removed however the command ends."""
    directory = tempfile.mkdtemp(prefix="checkin-postgresql-")
    try:
        url = start(directory)
        sys.stderr.write(f"pgcluster.py: PostgreSQL in {directory}, CHECKIN_DATABASE={url}\n")
        sys.stderr.flush()
        child = subprocess.Popen(command, env=dict(os.environ, CHECKIN_DATABASE=url))
        signal.signal(signal.SIGTERM, lambda *_: child.terminate())
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:
                continue  # the command got it too: wait for it to end
    finally:
        stop(directory)


def main(arguments):
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    usage = "usage: pgcluster.py run -- COMMAND [ARG...] | start DIR | stop DIR"
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__.strip() if arguments else usage)
        return 0 if arguments else 2
    verb, rest = arguments[0], arguments[1:]
    try:
        if verb == "run" and rest:
            return run(rest[1:] if rest[0] == "--" else rest)
        if verb == "start" and len(rest) == 1:
            print(start(rest[0]), flush=True)
            return 0
        if verb == "stop" and len(rest) == 1:
            stop(rest[0])
            return 0
    except Failure as failure:
        sys.stderr.write(f"pgcluster.py: error: {failure}\n")
        return 1
    sys.stderr.write(usage + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
