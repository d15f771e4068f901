// Exposes the system libsqlite3 (found through pkg-config `sqlite3`) to Swift.
#include <sqlite3.h>
