// Nothing to import: this target only defines the Swift runtime's hook for the command line (see
// ProgramArguments.c). An executable that depends on it is linked with its object file, which is all it takes.
#ifndef LINNET_PROGRAM_ARGUMENTS_H
#define LINNET_PROGRAM_ARGUMENTS_H
#endif
