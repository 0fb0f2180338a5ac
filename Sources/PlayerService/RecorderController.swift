import DBus
import Dispatch
import MPRIS
import PlayerCore
import Recording

/// The recorder on the bus: carries out the interface's commands on the `Recorder`, publishes its
/// state, seconds and end, and tells the meters whether it captures.
///
/// Concurrency: main actor (the connection runs on the main queue; the recorder delivers its events there).
@MainActor
final class RecorderController: RecorderControl {
    private var recorder: Recorder!
    private var interface: RecorderInterface!
    private var snapshot = RecorderSnapshot()
    private let meters: MeterController?

    init(connection: DBusConnection, meters: MeterController?) throws(DBusError) {
        self.meters = meters
        recorder = Recorder(eventQueue: .main, events: onMainQueue { [weak self] event in self?.handle(event) })
        meters?.recorder = recorder
        interface = try RecorderInterface(connection: connection, control: self, log: { Log.error($0) })
    }

    func startRecording(_ settings: RecordingSettings) throws(RecorderError) {
        try recorder.start(settings)
        // Published before the call returns, so a client reading the properties next sees this recording.
        snapshot = RecorderSnapshot(state: .recording, seconds: 0, path: settings.path)
        stateChanged(.recording)
        Log.info("recording to \(settings.path)")
    }

    func pauseRecording() throws(RecorderError) {
        try recorder.pause()
        stateChanged(.paused)
    }

    func resumeRecording() throws(RecorderError) {
        try recorder.resume()
        stateChanged(.recording)
    }

    /// Published before the call returns (the recorder's own event, queued behind, then changes nothing).
    private func stateChanged(_ state: RecordingState) {
        snapshot.state = state
        meters?.recorderStateChanged(capturing: state == .recording)
        interface.update(snapshot)
    }
    func stopRecording() throws(RecorderError) { try recorder.stop() }

    /// Stops a running recording (service shutdown); the file is closed and complete.
    func shutDown() { try? recorder.stop() }

    private func handle(_ event: Recorder.Event) {
        switch event {
        case .progress(let seconds):
            snapshot.seconds = seconds
        case .state(let state):
            snapshot.state = state
            meters?.recorderStateChanged(capturing: state == .recording)
        case .finished(let path, let reason, let message):
            if let message { Log.info("recording \(path) ended (\(reason.rawValue)): \(message)") }
            interface.update(snapshot)
            interface.finished(path: path, reason: reason)
            return
        }
        interface.update(snapshot)
    }
}
