import PlayerCore

extension CombinedOutput {
    /// The local output's client: passes every callback on to the engine and hands each block the local sink
    /// pulls to the Snapcast senders. While the local sink does not play, its server's comings and goings are
    /// not the player's concern (no stream of ours is there), so those events stop here.
    final class Relay: AudioOutputClient {
        weak var owner: CombinedOutput?

        init(owner: CombinedOutput) { self.owner = owner }

        func render(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard let owner, let client = owner.client else { return 0 }
            owner.rendering = true
            let n = client.render(into: buffer)
            owner.rendering = false
            if owner.localLeads, let format = owner.local.format {
                owner.handOver(UnsafeRawBufferPointer(rebasing: buffer[0..<max(0, n)]), format: format)
            }
            return n
        }

        func outputReachedMark() { owner?.client?.outputReachedMark() }
        func outputDidUnderrun() { owner?.client?.outputDidUnderrun() }
        func outputBalanceChanged(_ balance: Double) { owner?.client?.outputBalanceChanged(balance) }
        func outputVolumeChanged(volume: Double, muted: Bool) {
            owner?.client?.outputVolumeChanged(volume: volume, muted: muted)
        }
        func outputFailed(_ error: AudioOutputError) {
            guard let owner, owner.localLeads else { return }
            owner.client?.outputFailed(error)
        }
        func outputEvent(_ event: AudioOutputEvent) {
            guard let owner, owner.localLeads else { return }
            owner.client?.outputEvent(event)
        }
    }
}
