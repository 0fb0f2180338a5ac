#pragma once
// libsndfile imports cleanly into Swift; the Sndfile wrapper is the only code that uses it.
#include <sndfile.h>
