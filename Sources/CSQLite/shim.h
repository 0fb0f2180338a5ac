#pragma once
// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift does not import: the shim gives it a
// name. Binding with it makes SQLite copy the bytes before the bind call returns, so no Swift buffer must outlive it.
#include <sqlite3.h>

static inline sqlite3_destructor_type linnet_sqlite_transient(void) { return SQLITE_TRANSIENT; }
