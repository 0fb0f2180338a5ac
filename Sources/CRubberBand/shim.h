#pragma once
// librubberband's C API (the real-time time stretcher); the option enum imports as plain constants.
#include <rubberband/rubberband-c.h>
