import CPulse

/// Owns a `pa_proplist` built from string pairs (keys as in `pulse/proplist.h`, e.g. "media.role").
final class PulseProplist {
    let raw: OpaquePointer

    init(_ properties: [String: String]) {
        raw = pa_proplist_new()
        for (key, value) in properties {
            pa_proplist_sets(raw, key, value)
        }
    }

    deinit { pa_proplist_free(raw) }
}
