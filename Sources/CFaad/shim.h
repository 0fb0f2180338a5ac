#pragma once
// libfaad2's AAC decoder. neaacdec.h is imported for its types; the FAAD_FMT_* and object-type macros are plain
// integers. Loaded with dlopen on the first AAC track, not linked (most queues hold no AAC; the loader's work and
// the library's pages then cost nothing). Every call goes through a pointer the Faad wrapper got from dlsym; these
// inline forwards give each its C type.
#include <neaacdec.h>

#define LINNET_FAAD_FN(type) ((type)fn)

static inline NeAACDecHandle linnet_faad_open(void *fn) { return LINNET_FAAD_FN(NeAACDecHandle (*)(void))(); }
static inline NeAACDecConfigurationPtr linnet_faad_get_configuration(void *fn, NeAACDecHandle h) {
    return LINNET_FAAD_FN(NeAACDecConfigurationPtr (*)(NeAACDecHandle))(h);
}
static inline unsigned char linnet_faad_set_configuration(void *fn, NeAACDecHandle h, NeAACDecConfigurationPtr c) {
    return LINNET_FAAD_FN(unsigned char (*)(NeAACDecHandle, NeAACDecConfigurationPtr))(h, c);
}
static inline long linnet_faad_init(void *fn, NeAACDecHandle h, unsigned char *buffer, unsigned long size,
                                    unsigned long *rate, unsigned char *channels) {
    return LINNET_FAAD_FN(long (*)(NeAACDecHandle, unsigned char *, unsigned long, unsigned long *,
                                   unsigned char *))(h, buffer, size, rate, channels);
}
static inline char linnet_faad_init2(void *fn, NeAACDecHandle h, unsigned char *config, unsigned long size,
                                     unsigned long *rate, unsigned char *channels) {
    return LINNET_FAAD_FN(char (*)(NeAACDecHandle, unsigned char *, unsigned long, unsigned long *,
                                   unsigned char *))(h, config, size, rate, channels);
}
static inline void linnet_faad_close(void *fn, NeAACDecHandle h) { LINNET_FAAD_FN(void (*)(NeAACDecHandle))(h); }
static inline void *linnet_faad_decode(void *fn, NeAACDecHandle h, NeAACDecFrameInfo *info, unsigned char *buffer,
                                       unsigned long size) {
    return LINNET_FAAD_FN(void *(*)(NeAACDecHandle, NeAACDecFrameInfo *, unsigned char *, unsigned long))(
        h, info, buffer, size);
}
static inline char *linnet_faad_error_message(void *fn, unsigned char code) {
    return LINNET_FAAD_FN(char *(*)(unsigned char))(code);
}
