import PlayerCore
import Pulse

/// Watches where our stream plays and who else plays there: turns subscription events, the stream's
/// moved callback and sink queries into `AudioRoute` values with a reason (`RouteChangeReason.infer`) and into
/// communication-stream (call) start/end events. It decides nothing: the owner's policies do.
///
/// Threading: owned by `PulseAudioOutput`; every method runs on the pulse loop thread or with its lock held,
/// and so do the query completions. `emit` is called the same way (the engine forwards it to its owner).
final class RouteMonitor {
    var context: PulseContext
    let emit: (AudioOutputEvent) -> Void
    /// The route last reported (kept across stream closes and reconnects, so a reopened stream on the same
    /// sink reports nothing).
    private(set) var route: AudioRoute?
    /// The sink our stream plays on, and our sink input.
    private var sinkIndex: UInt32?
    private var streamIndex: UInt32?
    /// Sinks that appeared recently (index → pa_rtclock µs): a move onto one of them is a new device.
    private var addedSinks: [UInt32: UInt64] = [:]
    /// Sinks the server announced as removed (a move off one of them is "old device unavailable").
    private var removedSinks: Set<UInt32> = []
    /// Communication sink inputs on our sink.
    private var calls: Set<UInt32> = []
    /// What the last move told, kept until a route on another sink is reported (answers come in request order,
    /// so a refresh asked after the move reports it with these).
    private var movedOffRemovedSink = false
    private var movedOntoNewSink = false
    /// How long a newly added sink counts as "new" for a move onto it.
    private let newSinkWindow: UInt64 = 3_000_000

    init(context: PulseContext, emit: @escaping (AudioOutputEvent) -> Void) {
        self.context = context
        self.emit = emit
    }

    /// Our stream is ready on `sink`.
    func streamReady(index: UInt32, sink: UInt32) {
        streamIndex = index
        let previous = sinkIndex
        sinkIndex = sink
        refresh(previousSink: previous == sink ? nil : previous)
        rescanCalls()
    }

    /// Our stream was moved to `sink` (pa_stream moved callback).
    func streamMoved(to sink: UInt32) {
        let previous = sinkIndex
        sinkIndex = sink
        refresh(previousSink: previous == sink ? nil : previous)
        rescanCalls()
    }

    /// The server killed our stream (its sink is gone and nothing took it): no route now.
    func streamKilled() {
        streamIndex = nil
        sinkIndex = nil
        calls.removeAll()
        guard let old = route else { return }
        route = nil
        emit(.routeChanged(old: old, new: nil, reason: RouteChangeReason.infer(old: old, new: nil)))
    }

    /// Our stream is closed; the route is remembered, our sink input forgotten.
    func streamClosed() { streamIndex = nil }

    /// The connection is gone: what was on the server is gone with it (calls included, silently: the owner
    /// resets its interruption state on `serverLost`).
    func serverLost() {
        streamIndex = nil
        sinkIndex = nil
        calls.removeAll()
        addedSinks.removeAll()
        movedOffRemovedSink = false
        movedOntoNewSink = false
    }

    func subscription(_ facility: PulseFacility, _ change: PulseChange, _ index: UInt32) {
        switch (facility, change) {
        case (.sink, .new):
            addedSinks[index] = pulseClockMicroseconds()
        case (.sink, .remove):
            addedSinks[index] = nil
            if removedSinks.count > 64 { removedSinks.removeAll() }
            removedSinks.insert(index)
        case (.sink, .change) where index == sinkIndex:
            refresh(previousSink: nil)  // active port or its availability, description, profile
        case (.card, .change):
            // Port availability is reported on the card; the sink change usually follows, but not on every server.
            if sinkIndex != nil { refresh(previousSink: nil) }
        case (.sinkInput, .remove):
            if calls.remove(index) != nil { emit(.communicationEnded(index)) }
        case (.sinkInput, .change) where index == streamIndex:
            // Our stream moved without a moved callback (pipewire-pulse does not always send one).
            // pipewire-pulse parks a stream on its `auto_null` placeholder for a moment while WirePlumber picks
            // the next sink: that transit is left to the moved callback, which reports where it ends.
            context.sinkInputInfo(index: index) { [weak self] info in
                guard let self, let info, info.index == self.streamIndex, info.sink != self.sinkIndex else { return }
                self.context.sinkInfo(index: info.sink) { [weak self] sink in
                    guard let self, let sink, sink.name != "auto_null", info.sink != self.sinkIndex else { return }
                    self.streamMoved(to: info.sink)
                }
            }
        case (.sinkInput, _) where index != streamIndex:
            checkCall(index)
        default:
            break
        }
    }

    // MARK: - Queries

    /// Asks for our sink (and the previous one, to tell whether it was removed) and reports a changed route.
    /// libpulse answers in request order, so the last answer is the newest state.
    private func refresh(previousSink: UInt32?) {
        guard let sink = sinkIndex else { return }
        if let previousSink {
            movedOntoNewSink = addedSinks[sink].map { pulseClockMicroseconds() &- $0 < newSinkWindow } ?? false
            // Gone, or being torn down: the move came from its removal (the subscription event may come later).
            context.sinkInfo(index: previousSink) { [weak self] old in
                guard let self else { return }
                self.movedOffRemovedSink = old == nil || self.removedSinks.contains(previousSink)
            }
        }
        context.sinkInfo(index: sink) { [weak self] info in
            guard let self, sink == self.sinkIndex else { return }
            self.report(info.map(Self.route), info: info)
        }
    }

    private func report(_ reported: AudioRoute?, info: PulseSinkInfo?) {
        // `auto_null` is a placeholder, not an output: PipeWire's "Dummy Output" when no sink is left (and
        // PulseAudio's module-always-sink). Nothing is heard there: that is no route.
        let new = reported?.sinkName == "auto_null" ? nil : reported
        let old = route
        guard new != old else { return }
        let otherSink = old?.sinkName != new?.sinkName
        let oldRemoved = otherSink && movedOffRemovedSink
        let newAdded = otherSink && movedOntoNewSink
        if otherSink { movedOffRemovedSink = false; movedOntoNewSink = false }
        var oldPortNow = PortAvailability.unknown
        if let oldPort = old?.port, old?.sinkName == new?.sinkName,
            let p = info?.ports.first(where: { $0.name == oldPort.name })
        {
            oldPortNow = Self.availability(p.availability)
        }
        let reason = RouteChangeReason.infer(
            old: old, new: new, oldSinkRemoved: oldRemoved, newSinkAdded: newAdded,
            oldPortAvailabilityNow: oldPortNow)
        route = new
        emit(.routeChanged(old: old, new: new, reason: reason))
    }

    static func route(_ info: PulseSinkInfo) -> AudioRoute {
        let port = info.activePort.map {
            AudioPort(
                name: $0.name, description: $0.description, type: PortType(rawValue: Int($0.type)) ?? .unknown,
                availability: availability($0.availability))
        }
        var properties = info.properties
        if properties["device.description"] == nil { properties["device.description"] = info.description }
        return AudioRoute(sinkName: info.name, properties: properties, port: port)
    }

    static func availability(_ a: PulseSinkInfo.Port.Availability) -> PortAvailability {
        switch a {
        case .unknown: return .unknown
        case .no: return .no
        case .yes: return .yes
        }
    }

    /// Is this sink input a call on our sink (started, ended, or moved onto / away from our sink)?
    private func checkCall(_ index: UInt32) {
        context.sinkInputInfo(index: index) { [weak self] info in
            guard let self else { return }
            let isCall = info.map { $0.sink == self.sinkIndex && StreamRole.isCommunication($0.properties) } ?? false
            self.setCall(index, isCall)
        }
    }

    /// Reconciles the set of calls on our sink with the server's list (after our stream moved or opened).
    private func rescanCalls() {
        context.sinkInputs { [weak self] inputs in
            guard let self else { return }
            let now = Set(
                inputs.filter {
                    $0.index != self.streamIndex && $0.sink == self.sinkIndex
                        && StreamRole.isCommunication($0.properties)
                }.map(\.index))
            for gone in self.calls.subtracting(now).sorted() { self.setCall(gone, false) }
            for new in now.subtracting(self.calls).sorted() { self.setCall(new, true) }
        }
    }

    private func setCall(_ index: UInt32, _ isCall: Bool) {
        if isCall {
            if calls.insert(index).inserted { emit(.communicationStarted(index)) }
        } else if calls.remove(index) != nil {
            emit(.communicationEnded(index))
        }
    }
}
