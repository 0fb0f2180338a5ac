import PlayerCore
import Soxr
import Threading

/// The Snapcast sender's thread: takes handed-over blocks, converts and writes them, and owns the connection and
/// its back-off. Waits on the lock's condition (no timer) while there is nothing to send.
struct SenderLoop {
    let endpoint: SnapcastEndpoint
    let lock: ConditionLock
    let shared: SnapcastSender.SharedBox
    let log: @Sendable (String) -> Void
    let onStatus: @Sendable (SnapcastStatus) -> Void

    static let firstRetrySeconds = 0.1
    static let longestRetrySeconds = 5.0

    func run() {
        var connection: SnapcastConnection?
        var converter: PCMConverter?
        var flushes: UInt64 = 0
        var retry = Self.firstRetrySeconds
        var nextAttempt = 0.0
        var lastFailure: String?
        var out: [UInt8] = []
        while true {
            let work: (blocks: [SnapcastSender.Block], gain: Float, flushed: Bool)? = lock.withLock {
                while !shared.value.closed && shared.value.blocks.isEmpty {
                    lock.wait(until: monotonicSeconds() + 3600)
                }
                if shared.value.closed { return nil }
                if connection == nil {
                    // Not connected: wait out the back-off; audio handed over meanwhile is dropped (stale).
                    while !shared.value.closed && monotonicSeconds() < nextAttempt { lock.wait(until: nextAttempt) }
                    if shared.value.closed { return nil }
                }
                var blocks = shared.value.blocks
                if shared.value.finishPending, let format = converter?.input {
                    blocks.append(SnapcastSender.Block(format: format, bytes: [], ends: true))
                }
                shared.value.finishPending = false
                shared.value.blocks.removeAll(keepingCapacity: true)
                shared.value.pendingBytes = 0
                let flushed = shared.value.flushes != flushes
                flushes = shared.value.flushes
                return (blocks, shared.value.gain, flushed)
            }
            guard let work else { break }
            if work.flushed { converter?.reset() }
            if connection == nil {
                do throws(SnapcastError) {
                    connection = try SnapcastConnection.open(endpoint)
                    log("snapcast: connected to \(endpoint)")
                    lastFailure = nil
                    retry = Self.firstRetrySeconds
                    setStatus(.connected)
                } catch {
                    fail(error.reason, &lastFailure, &retry, &nextAttempt)
                    continue
                }
            }
            for block in work.blocks {
                if converter?.input != block.format {
                    do throws(ResamplerError) {
                        converter = try PCMConverter(input: block.format, output: endpoint.format)
                    } catch {
                        log("snapcast: cannot convert \(block.format) to \(endpoint.format): \(error)")
                        converter = nil
                        continue
                    }
                }
                out.removeAll(keepingCapacity: true)
                // withUnsafeBytes rethrows untyped: carry the typed errors out in a Result.
                let converted = block.bytes.withUnsafeBytes { raw in
                    Result { () throws(ResamplerError) in try converter!.convert(raw, appendingTo: &out) }
                }
                if case .failure(let error) = converted {
                    log("snapcast: \(error)")
                    continue
                }
                if block.ends {
                    do throws(ResamplerError) { try converter?.finish(appendingTo: &out) } catch {
                        log("snapcast: \(error)")
                    }
                }
                if work.gain != 1 { Self.applyGain(work.gain, to: &out, format: endpoint.format) }
                let written = out.withUnsafeBytes { raw in
                    Result { () throws(SnapcastError) in try connection!.write(raw) }
                }
                if case .failure(let error) = written {
                    connection?.close()
                    connection = nil
                    fail(error.reason, &lastFailure, &retry, &nextAttempt)
                    break
                }
            }
        }
        connection?.close()
    }

    private func fail(_ reason: String, _ last: inout String?, _ retry: inout Double, _ next: inout Double) {
        // One line per change of reason, not one per attempt.
        if last != reason { log("snapcast: \(endpoint): \(reason); retrying with back-off") }
        last = reason
        next = monotonicSeconds() + retry
        retry = min(retry * 2, Self.longestRetrySeconds)
        setStatus(.retrying(reason))
    }

    private func setStatus(_ status: SnapcastStatus) {
        let changed: Bool = lock.withLock {
            defer { shared.value.status = status }
            return shared.value.status != status
        }
        if changed { onStatus(status) }
    }

    /// Scales the stream's integer samples in place (software volume), clipping.
    static func applyGain(_ gain: Float, to bytes: inout [UInt8], format: SnapcastSampleFormat) {
        bytes.withUnsafeMutableBytes { raw in
            switch format.bytesPerSample {
            case 2:
                for i in stride(from: 0, to: raw.count - 1, by: 2) {
                    let v = Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: Int16.self))) * gain
                    raw.storeBytes(
                        of: Int16(max(-32768, min(32767, v.rounded()))).littleEndian, toByteOffset: i, as: Int16.self)
                }
            default:
                let top = Double(Int64(1) << (format.bits - 1))
                for i in stride(from: 0, to: raw.count - 3, by: 4) {
                    let v =
                        Double(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: Int32.self))) * Double(gain)
                    let limit = format.bits == 24 ? top : Double(Int32.max)
                    let w = Int32(clamping: Int64(max(-limit, min(limit - 1, v.rounded()))))
                    raw.storeBytes(of: w.littleEndian, toByteOffset: i, as: Int32.self)
                }
            }
        }
    }
}
