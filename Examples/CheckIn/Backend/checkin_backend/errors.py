"""The errors the functions and the storages raise, and what each one becomes."""


class APIError(Exception):
    """An answer other than 200: its HTTP status, its error code and a message for the client."""

    def __init__(self, status, code, message):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class DatabaseUnavailable(APIError):
    """The database cannot serve the request now (unreachable, restarting, locked past the busy
    timeout): 503, and nothing was changed that the client has not been told about. The client
    keeps what it sent and tries again."""

    def __init__(self, message):
        super().__init__(503, "database_unavailable", message)


class Conflict(Exception):
    """A write broke a uniqueness rule of the schema (another process got there first)."""


class StartupError(Exception):
    """The database named at start cannot be used: the message says what it is and what to do.
    The server prints it and exits with status 2, with no traceback."""
