#pragma once
#include <dbus/dbus.h>

// Swift imports DBUS_TYPE_* only as `Int32` casts of char literals on some toolchains; spell the ones we need.
static const int cdbus_type_invalid = DBUS_TYPE_INVALID;
static const int cdbus_dispatch_data_remains = DBUS_DISPATCH_DATA_REMAINS;
