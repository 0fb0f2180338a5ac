#pragma once
// librubberband's C API (the real-time time stretcher); the option enum imports as plain constants.
// librubberband is loaded with dlopen when the first stretcher is made, not linked: linking maps it and the shared
// C++ runtime it needs (libstdc++) into every linnetd although most sessions never change the rate.
// So every call goes through a pointer the RubberBand wrapper got from dlsym; these inline forwards give each
// pointer its C type.
#include <rubberband/rubberband-c.h>

#define LINNET_RB_FN(type) ((type)fn)

static inline RubberBandState linnet_rubberband_new(void *fn, unsigned int rate, unsigned int channels,
                                                    RubberBandOptions options, double timeRatio, double pitchScale) {
    return LINNET_RB_FN(RubberBandState (*)(unsigned int, unsigned int, RubberBandOptions, double, double))(
        rate, channels, options, timeRatio, pitchScale);
}
static inline void linnet_rubberband_delete(void *fn, RubberBandState s) {
    LINNET_RB_FN(void (*)(RubberBandState))(s);
}
static inline void linnet_rubberband_reset(void *fn, RubberBandState s) {
    LINNET_RB_FN(void (*)(RubberBandState))(s);
}
static inline void linnet_rubberband_set_time_ratio(void *fn, RubberBandState s, double ratio) {
    LINNET_RB_FN(void (*)(RubberBandState, double))(s, ratio);
}
static inline unsigned int linnet_rubberband_get_uint(void *fn, RubberBandState s) {
    return LINNET_RB_FN(unsigned int (*)(const RubberBandState))(s);
}
static inline int linnet_rubberband_available(void *fn, RubberBandState s) {
    return LINNET_RB_FN(int (*)(const RubberBandState))(s);
}
static inline void linnet_rubberband_process(void *fn, RubberBandState s, const float *const *input,
                                             unsigned int samples, int final) {
    LINNET_RB_FN(void (*)(RubberBandState, const float *const *, unsigned int, int))(s, input, samples, final);
}
static inline unsigned int linnet_rubberband_retrieve(void *fn, RubberBandState s, float *const *output,
                                                      unsigned int samples) {
    return LINNET_RB_FN(unsigned int (*)(const RubberBandState, float *const *, unsigned int))(s, output, samples);
}
