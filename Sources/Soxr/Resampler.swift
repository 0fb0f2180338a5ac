internal import CSoxr

/// Converts interleaved 32-bit float audio from one sample rate to another with libsoxr (its quality recipe
/// matched to the output's precision, one thread), as a stream: the state carries across calls, so consecutive blocks join without a seam.
///
/// Not thread-safe: one owner (the Snapcast sender's thread) uses it.
public final class Resampler {
    private let library: SoxrLibrary
    private let state: soxr_t
    public let channels: Int
    public let inputRate: Int
    public let outputRate: Int
    /// Where soxr writes before the output is appended (reused: no allocation per block).
    private var scratch: [Float] = []

    /// `bits`: the precision the output is kept at; 16 (a 16-bit stream) uses soxr's "medium" recipe, made for
    /// 16-bit output, anything wider its "high" (20-bit) one.
    public init(inputRate: Int, outputRate: Int, channels: Int, bits: Int = 24) throws(ResamplerError) {
        let library: SoxrLibrary
        switch SoxrLibrary.shared {
        case .success(let l): library = l
        case .failure(let e): throw e
        }
        guard inputRate > 0, outputRate > 0, let c = UInt32(exactly: channels), c > 0 else {
            throw ResamplerError(message: "cannot resample \(channels) channels from \(inputRate) to \(outputRate) Hz")
        }
        var io = linnet_soxr_io_spec(library.ioSpec, SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = linnet_soxr_quality_spec(
            library.qualitySpec, bits <= 16 ? UInt(SOXR_MQ) : UInt(SOXR_HQ), 0)
        var runtime = linnet_soxr_runtime_spec(library.runtimeSpec, 1)
        var error: UnsafePointer<CChar>?
        let made = linnet_soxr_create(
            library.create, Double(inputRate), Double(outputRate), c, &error, &io, &quality, &runtime)
        guard let made, error == nil else {
            if let made { linnet_soxr_delete(library.delete, made) }
            throw ResamplerError(message: "soxr_create: \(error.map { String(cString: $0) } ?? "failed")")
        }
        self.library = library
        state = made
        self.channels = channels
        self.inputRate = inputRate
        self.outputRate = outputRate
    }

    deinit { linnet_soxr_delete(library.delete, state) }

    /// Resamples `input` (whole frames) and appends the output frames to `output`.
    public func process(_ input: UnsafeBufferPointer<Float>, appendingTo output: inout [Float]) throws(ResamplerError) {
        var frames = input.count / channels
        guard frames > 0 else { return }
        var offset = 0
        // Room for the ratio's output plus the filter's backlog, in rounds; kept between calls.
        let room = max(256, frames * outputRate / max(1, inputRate) + 64)
        if scratch.count < room * channels { scratch = [Float](repeating: 0, count: room * channels) }
        repeat {
            var used = 0
            var made = 0
            let error = scratch.withUnsafeMutableBufferPointer { out in
                linnet_soxr_process(
                    library.process, state, input.baseAddress.map { $0 + offset * channels }, frames, &used,
                    out.baseAddress, room, &made)
            }
            if let error { throw ResamplerError(message: "soxr_process: \(String(cString: error))") }
            output.append(contentsOf: scratch[0..<(made * channels)])
            offset += used
            frames -= used
            if used == 0 && made == 0 { break }
        } while frames > 0
    }

    /// Ends the input: appends what the filter still holds (its delay, ~15 ms at high quality) and starts over.
    public func drain(appendingTo output: inout [Float]) throws(ResamplerError) {
        if scratch.count < 4096 * channels { scratch = [Float](repeating: 0, count: 4096 * channels) }
        while true {
            var used = 0
            var made = 0
            let error = scratch.withUnsafeMutableBufferPointer { out in
                linnet_soxr_process(library.process, state, nil, 0, &used, out.baseAddress, 4096, &made)
            }
            if let error { throw ResamplerError(message: "soxr_process: \(String(cString: error))") }
            output.append(contentsOf: scratch[0..<(made * channels)])
            if made == 0 { break }
        }
        reset()
    }

    /// Forgets the filter's history (a flush: what follows does not continue what came before).
    public func reset() { _ = linnet_soxr_clear(library.clear, state) }
}
