import PlayerCore

/// HLS playlists (.m3u8): not supported yet; a clear error instead of trying to decode the playlist text.
enum HLSOpener {
    static func open(url: String, playlist: [UInt8], settings: StreamSettings,
                     observer: (@Sendable (StreamEvent) -> Void)?) throws(DecodeError) -> sending any Decoder {
        throw DecodeError(.unsupportedFormat, path: url, message: "HLS streams are not supported yet")
    }
}
