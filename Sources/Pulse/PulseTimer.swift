import CPulse

/// Owns a libpulse time event (monotonic clock) on the context's loop. One-shot: re-arm after it fires.
///
/// `@unchecked Sendable`: used only with the mainloop lock held; it fires on the loop thread.
public final class PulseTimer: @unchecked Sendable {
    private let context: PulseContext
    private var event: OpaquePointer?
    private let fire: () -> Void

    init(context: PulseContext, fire: @escaping () -> Void) {
        self.context = context
        self.fire = fire
    }

    deinit {
        if let event { context.mainloop.api.pointee.time_free!(event) }
    }

    /// Fires once, `microseconds` from now (replacing an earlier arming).
    public func arm(afterMicroseconds microseconds: UInt64) {
        let when = pa_rtclock_now() + microseconds
        if let event {
            pa_context_rttime_restart(context.raw, event, when)
        } else {
            event = pa_context_rttime_new(
                context.raw, when,
                { _, _, _, userdata in
                    let me = Unmanaged<PulseTimer>.fromOpaque(userdata!).takeUnretainedValue()
                    withExtendedLifetime(me) {
                        // Disarm first: libpulse time events stay enabled (and would refire) otherwise.
                        me.disarm()
                        me.fire()
                    }
                }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Stops the timer from firing.
    public func disarm() {
        if let event { pa_context_rttime_restart(context.raw, event, linnet_pa_usec_invalid) }
    }
}

/// libpulse's monotonic clock (`pa_rtclock_now`), in microseconds: the clock of `PulseTimer` and timing info.
public func pulseClockMicroseconds() -> UInt64 { pa_rtclock_now() }
