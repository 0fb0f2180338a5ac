#pragma once
// libsoxr's C API (the resampler the Snapcast output uses when a track's rate differs from the stream's).
// Loaded with dlopen on first use, not linked: it brings libgomp, and most sessions never resample.
// Every call goes through a pointer the Soxr wrapper got from dlsym; these inline forwards give each its C type.
#include <soxr.h>

#define LINNET_SOXR_FN(type) ((type)fn)

static inline soxr_io_spec_t linnet_soxr_io_spec(void *fn, soxr_datatype_t in, soxr_datatype_t out) {
    return LINNET_SOXR_FN(soxr_io_spec_t (*)(soxr_datatype_t, soxr_datatype_t))(in, out);
}
static inline soxr_quality_spec_t linnet_soxr_quality_spec(void *fn, unsigned long recipe, unsigned long flags) {
    return LINNET_SOXR_FN(soxr_quality_spec_t (*)(unsigned long, unsigned long))(recipe, flags);
}
static inline soxr_runtime_spec_t linnet_soxr_runtime_spec(void *fn, unsigned threads) {
    return LINNET_SOXR_FN(soxr_runtime_spec_t (*)(unsigned))(threads);
}
// The specs by pointer: Swift passes these structs to the forwards below as `const *`.
static inline soxr_t linnet_soxr_create(void *fn, double in_rate, double out_rate, unsigned channels,
                                        const char **error, const soxr_io_spec_t *io,
                                        const soxr_quality_spec_t *quality, const soxr_runtime_spec_t *runtime) {
    soxr_error_t e = 0;
    soxr_t s = LINNET_SOXR_FN(soxr_t (*)(double, double, unsigned, soxr_error_t *, soxr_io_spec_t const *,
                                         soxr_quality_spec_t const *, soxr_runtime_spec_t const *))(
        in_rate, out_rate, channels, &e, io, quality, runtime);
    *error = e;
    return s;
}
static inline const char *linnet_soxr_process(void *fn, soxr_t s, const void *in, size_t ilen, size_t *idone,
                                              void *out, size_t olen, size_t *odone) {
    return LINNET_SOXR_FN(soxr_error_t (*)(soxr_t, soxr_in_t, size_t, size_t *, soxr_out_t, size_t, size_t *))(
        s, in, ilen, idone, out, olen, odone);
}
static inline void linnet_soxr_delete(void *fn, soxr_t s) { LINNET_SOXR_FN(void (*)(soxr_t))(s); }
static inline const char *linnet_soxr_clear(void *fn, soxr_t s) { return LINNET_SOXR_FN(soxr_error_t (*)(soxr_t))(s); }
