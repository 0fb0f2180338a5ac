// Headers only: where the running executable is loaded, from symbols every ELF linker (lld, bfd, gold) defines
// for the program it links. linnetd's crash reporter turns a pc into an offset addr2line reads with these; finding
// the same through /proc/self/maps cost a millisecond of every start.
#include <stdint.h>

// The program's own ELF header (its load address) and the end of its last segment (.bss). Weak: 0 if undefined.
extern const char __ehdr_start[] __attribute__((visibility("hidden"), weak));
extern const char _end[] __attribute__((visibility("hidden"), weak));

static inline uintptr_t linnet_program_start(void) { return (uintptr_t)__ehdr_start; }
static inline uintptr_t linnet_program_end(void) { return (uintptr_t)_end; }
