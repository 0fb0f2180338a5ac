#pragma once
// mpg123.h renames several functions by object-like macro (mpg123_param -> mpg123_param2, mpg123_getstate ->
// mpg123_getstate2, mpg123_store_utf8 -> mpg123_store_utf8_2, ...). Swift does not import those macros, so the
// Mpg123 wrapper calls the "2" names directly; the ABI is the same one the C macros select.
// Off-by-size functions (mpg123_seek, mpg123_length, ...) keep their plain names: _FILE_OFFSET_BITS is not defined
// on x86_64, where off_t is already 64 bits.
#include <mpg123.h>
