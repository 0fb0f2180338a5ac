import Testing

/// Parent of every suite that starts a private pulseaudio: `.serialized` here makes them run one at a time
/// (each still starts its own server), so they do not compete for the 2 cores and disturb each other's timing.
@Suite(.serialized) enum PlaybackIntegration {}
