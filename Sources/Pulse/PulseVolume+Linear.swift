import CPulse

extension PulseVolume {
    /// The amplitude factor the server applies for a stream volume in Linnet's terms (1.0 = PA_VOLUME_NORM):
    /// libpulse's software volume curve (`pa_sw_volume_to_linear`, cubic).
    public static func linearGain(volume: Double) -> Double {
        guard volume.isFinite else { return 1 }
        let v = min(Double(linnet_pa_volume_max), max(0, volume) * Double(linnet_pa_volume_norm) + 0.5)
        return pa_sw_volume_to_linear(pa_volume_t(v))
    }
}
