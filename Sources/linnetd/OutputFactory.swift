import PlayerCore
import PulseOutput

/// Makes the sound output: PulseAudio (or PipeWire's pulse server) through libpulse; `PULSE_SERVER` is honoured.
enum OutputFactory {
    static func make() throws(AudioOutputError) -> any AudioOutput {
        try PulseAudioOutput(configuration: PulseOutputConfiguration())
    }
}
