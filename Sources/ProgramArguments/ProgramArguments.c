// The command line for `CommandLine.arguments`, kept from glibc's call of the program's constructors.
//
// Why: in a program linked with the static Swift runtime (`make`), the runtime finds argv from a constructor of
// its own that reads all of /proc/self/maps with sscanf to locate the stack: a third of the CPU time before main
// in linnetd, which maps some 30 libraries (libpulse alone brings X11, systemd and gcrypt). glibc passes
// (argc, argv, envp) to every ELF constructor of the main program, so keeping them costs nothing.
//
// How: the runtime asks `_swift_stdlib_getUnsafeArgvArgc` (swiftcall) for argv. This object defines it before
// libswiftCore.a is searched, so the archive's CommandLine.cpp.o, and its constructor, are never linked. If a
// future runtime names the hook differently, its own version links again and this one goes unused (slower, still
// correct); if that member gains another symbol something needs, the link fails on the duplicate, loudly.
// With the shared runtime (`swift build`, the tests) the runtime's hook is internal to libswiftCore.so and this
// definition is never called.
#include <stddef.h>

#include "ProgramArguments.h"

static char **keptArgv;
static int keptArgc;

__attribute__((constructor)) static void linnet_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    keptArgc = argc;
    keptArgv = argv;
}

__attribute__((swiftcall, visibility("hidden"), used)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *noArguments[] = {NULL};
    if (keptArgv == NULL || keptArgc < 0) {
        *outArgLen = 0;
        return noArguments;
    }
    *outArgLen = keptArgc;
    return keptArgv;
}
