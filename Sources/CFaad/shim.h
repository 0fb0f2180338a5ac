#pragma once
// libfaad2's AAC decoder. neaacdec.h is imported as is; the FAAD_FMT_* and object-type macros are plain integers.
#include <neaacdec.h>
