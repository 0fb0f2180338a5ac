import PlayerCore
import Tagging

/// ReplayGain values from tags: the REPLAYGAIN_* names shared by Vorbis comments, ID3 TXXX and MP4 freeform atoms
/// (looked up through `value`, which is case-insensitive where the format allows), or ID3v2.4 RVA2 frames.
enum ReplayGainTags {
    static func info(_ value: (String) -> String?) -> ReplayGainInfo? {
        let info = ReplayGainInfo(
            trackGain: value("REPLAYGAIN_TRACK_GAIN").flatMap(ReplayGain.parseGain),
            trackPeak: value("REPLAYGAIN_TRACK_PEAK").flatMap(ReplayGain.parsePeak),
            albumGain: value("REPLAYGAIN_ALBUM_GAIN").flatMap(ReplayGain.parseGain),
            albumPeak: value("REPLAYGAIN_ALBUM_PEAK").flatMap(ReplayGain.parsePeak))
        return info.isEmpty ? nil : info
    }

    /// RVA2 master-volume adjustments: identification "album" is the album gain, anything else the track gain.
    static func info(rva2: [VolumeAdjustment]) -> ReplayGainInfo? {
        var info = ReplayGainInfo()
        for a in rva2 {
            let peak = a.peak.flatMap { $0 > 0 && $0 <= 10 ? $0 : nil }
            if a.identification.lowercased() == "album" {
                info.albumGain = a.gainDB
                info.albumPeak = peak
            } else if info.trackGain == nil {
                info.trackGain = a.gainDB
                info.trackPeak = peak
            }
        }
        return info.isEmpty ? nil : info
    }
}
