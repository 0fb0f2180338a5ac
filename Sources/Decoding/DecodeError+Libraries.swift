import Mpg123
import PlayerCore
import Sndfile

extension DecodeError {
    /// Classifies a libmpg123 error; `opening` says whether no audio was decoded yet (a non-MPEG file then).
    init(_ error: Mpg123Error, path: String, offset: Int64?, opening: Bool) {
        let kind: Kind
        switch error.kind {
        case .io: kind = .io
        case .notSeekable: kind = .notSeekable
        case .badStream, .other, .outOfMemory: kind = opening ? .unsupportedFormat : .corrupt
        }
        let what = opening && kind == .unsupportedFormat ? "no decodable MPEG audio: " : ""
        self.init(kind, path: path, offset: offset, message: what + error.description)
    }

    /// Classifies a libsndfile error.
    init(_ error: SndfileError, path: String, offset: Int64?) {
        let kind: Kind
        switch error.kind {
        case .unrecognisedFormat: kind = .unsupportedFormat
        case .unsupportedEncoding: kind = .unsupportedFormat
        case .malformed, .other: kind = .corrupt
        case .system: kind = .io
        case .seekFailed: kind = .corrupt
        }
        let what = error.kind == .unrecognisedFormat ? "not a recognised audio format: " : ""
        self.init(kind, path: path, offset: offset, message: what + error.description)
    }
}
