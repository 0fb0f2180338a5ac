#pragma once
#include <pulse/pulseaudio.h>

// Macros with casts that Swift cannot import, as constants.
static const pa_usec_t linnet_pa_usec_invalid = PA_USEC_INVALID;
static const pa_volume_t linnet_pa_volume_norm = PA_VOLUME_NORM;
static const pa_volume_t linnet_pa_volume_max = PA_VOLUME_MAX;
static const pa_sample_format_t linnet_pa_sample_s16ne = PA_SAMPLE_S16NE;
static const pa_sample_format_t linnet_pa_sample_float32ne = PA_SAMPLE_FLOAT32NE;
static const pa_volume_t linnet_pa_volume_invalid = PA_VOLUME_INVALID;
static const uint32_t linnet_pa_invalid_index = PA_INVALID_INDEX;
