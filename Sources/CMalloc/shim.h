// glibc's malloc tuning (mallopt, malloc_trim): part of libc, nothing to link.
#include <malloc.h>
