import PlayerCore

/// Makes the sound output (the PulseAudio output once the engine branch lands it).
enum OutputFactory {
    static func make() throws(AudioOutputError) -> any AudioOutput {
        throw AudioOutputError(.noServer, operation: "PulseAudioOutput", message: "the PulseAudio output is not built in yet")
    }
}
