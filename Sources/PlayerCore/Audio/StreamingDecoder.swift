/// A decoder fed by the network: its bytes arrive while it plays, so `read` may have nothing yet.
///
/// `read` returning 0 with `isWaitingForData` true means "nothing buffered now", not the end of the track: the
/// engine stops rendering (nothing is heard, the position stands still) and renders again once the decoder calls
/// the handler given to `setDataAvailableHandler`. `read` and `seek` never block on the network.
public protocol StreamingDecoder: Decoder {
    /// True when the last `read` returned 0 because no audio is buffered yet.
    var isWaitingForData: Bool { get }
    /// `wake` is called from the decoder's own thread (never with the output lock held) when audio is ready
    /// again after a `read` came back empty.
    func setDataAvailableHandler(_ wake: @escaping @Sendable () -> Void)
}
