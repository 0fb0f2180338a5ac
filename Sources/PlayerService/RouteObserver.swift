import MPRIS
import PlayerCore

/// Something that follows the route controller: the route property, route changes and interruptions.
@MainActor
protocol RouteObserver: AnyObject {
    /// The route snapshot changed (or may have: sent before every signal).
    func routeUpdated(_ snapshot: RouteSnapshot)
    /// The output moved from `old` to `new` for `reason`.
    func routeChanged(old: AudioRoute?, new: AudioRoute?, reason: RouteChangeReason)
    /// An interruption (a call, a cork request) began or ended; `source` names it for the bus.
    func interruption(began: Bool, source: String)
}

extension LinnetRouteService: RouteObserver {
    func routeUpdated(_ snapshot: RouteSnapshot) { update(snapshot) }
    func interruption(began: Bool, source: String) {
        interruption(state: began ? "began" : "ended", source: source)
    }
}
