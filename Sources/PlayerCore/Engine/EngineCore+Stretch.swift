/// Rendering through the time stretcher while the rate is not 1.0 (lock held, on the output thread).
extension EngineCore {
    /// Gets the stretcher ready for `format` at the current rate (a new one when the format changed), or drops it
    /// at rate 1.0 so nothing is processed then.
    func restartStretch(format: AudioFormat) {
        guard rate != 1, let makeStretcher else { return }
        if stretch?.format != format {
            guard let stretcher = makeStretcher(format) else {
                stretch = nil
                return
            }
            stretch = StretchStage(format: format, stretcher: stretcher)
        }
        stretch?.restart(rate: rate)
    }

    /// Decodes into the stretcher and fills `buffer` with its output. At a track's end the stretcher's tail is
    /// flushed, then the next track begins a new segment (gapless in the timeline, not bit-exact).
    func renderStretched(
        into buffer: UnsafeMutableRawBufferPointer, track start: LoadedTrack, format: AudioFormat,
        _ stage: StretchStage
    ) -> Int {
        let bpf = format.bytesPerFrame
        let usable = buffer.count - buffer.count % bpf
        var track = start
        var filled = 0
        while filled < usable {
            let got = stage.stretcher.retrieve(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<usable]))
            if got > 0 {
                filled += got
                timeline.advance(by: Int64(got / bpf))
                continue
            }
            if stage.finalSent {
                // This track's stretched audio is all out: on to the next (or the drain).
                guard let following = advance(from: track, format: format) else { break }
                track = following
                stage.restart(rate: rate)
                continue
            }
            if track.atEnd {
                stage.stretcher.process(UnsafeRawBufferPointer(start: nil, count: 0), final: true)
                stage.finalSent = true
                continue
            }
            let want = min(stage.stretcher.framesWanted, stage.scratch.count / bpf)
            let n: Int
            do throws(DecodeError) {
                n = try track.decoder.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: stage.scratch[0..<(want * bpf)]))
            } catch {
                emit(.error(track.item, .decode(error)))
                track.atEnd = true
                askNextIfDue(track)
                continue
            }
            if n == 0 {
                track.atEnd = true
                askNextIfDue(track)
                continue
            }
            applyReplayGain(track, UnsafeMutableRawBufferPointer(rebasing: stage.scratch[0..<n]), format)
            stage.stretcher.process(UnsafeRawBufferPointer(rebasing: stage.scratch[0..<n]), final: false)
            track.decodedFrame += Int64(n / bpf)
            askNextIfDue(track)
        }
        return filled
    }
}

extension EngineCore {
    /// Scales freshly decoded audio of `track` by its ReplayGain factor (nothing when off or untagged).
    func applyReplayGain(_ track: LoadedTrack, _ audio: UnsafeMutableRawBufferPointer, _ format: AudioFormat) {
        guard let factor = replayGain.factor(for: track.info.tags.replayGain), factor != 1 else { return }
        ReplayGain.apply(factor, to: audio, format: format.sampleFormat)
    }
}

/// The stretcher for one stream format with its decode buffer.
/// Only touched with the output lock held (owned by `EngineCore`).
final class StretchStage {
    let format: AudioFormat
    let stretcher: any TimeStretcher
    /// Decoded frames on their way into the stretcher (4096 frames).
    let scratch: UnsafeMutableRawBufferPointer
    /// The current track's end was given to the stretcher.
    var finalSent = false

    init(format: AudioFormat, stretcher: any TimeStretcher) {
        self.format = format
        self.stretcher = stretcher
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096 * format.bytesPerFrame, alignment: 16)
    }

    deinit { scratch.deallocate() }

    func restart(rate: Double) {
        stretcher.reset(rate: rate)
        finalSent = false
    }
}
