/// What a filter's key names: a tag, or one of the keys that are not tags (MPD's locate_parse_type).
enum MPDFilterKey: Equatable {
    case tag(MPDTag)
    case any
    case file
    case base
    case modifiedSince
    case addedSince
    case audioFormat
    case priority

    /// The key `name` names; `file`, `filename`, `any`, `AudioFormat` and tags ignore case, the rest not (as MPD).
    init?(name: String) {
        if asciiCaseInsensitiveEqual(name, "file") || asciiCaseInsensitiveEqual(name, "filename") {
            self = .file
        } else if asciiCaseInsensitiveEqual(name, "any") {
            self = .any
        } else if name == "base" {
            self = .base
        } else if name == "modified-since" {
            self = .modifiedSince
        } else if name == "added-since" {
            self = .addedSince
        } else if asciiCaseInsensitiveEqual(name, "AudioFormat") {
            self = .audioFormat
        } else if name == "prio" {
            self = .priority
        } else if let tag = MPDTag(name: name) {
            self = .tag(tag)
        } else {
            return nil
        }
    }
}
