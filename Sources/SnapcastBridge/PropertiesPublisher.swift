import LinnetCLI

/// Decides what goes out as `Plugin.Stream.Player.Properties`: nothing when nothing snapserver shows changed (a
/// position that only moved with the playing clock is no news; a seek is), and the metadata only when it changed
/// since it was last sent (snapserver keeps the last metadata when a notification has none, and re-reading a
/// picture's base64 on every volume step would be waste). GetProperties replies always carry everything.
public struct PropertiesPublisher: Sendable {
    private var lastFields: [(String, JSONValue)]?
    private var lastMetadata: JSONValue?

    public init() {}

    /// The notification's properties for the current `fields` and `metadata`, or nil when there is nothing new.
    /// `seeked`: the player jumped (Seeked), so the position is news even if nothing else is.
    public mutating func notification(
        fields: [(String, JSONValue)], metadata: JSONValue, seeked: Bool
    ) -> JSONValue? {
        let metadataChanged = lastMetadata != metadata
        let fieldsChanged = lastFields.map { !Self.sameIgnoringPosition($0, fields) } ?? true
        guard metadataChanged || fieldsChanged || seeked else { return nil }
        lastFields = fields
        lastMetadata = metadata
        return SnapcastProperties.object(fields, metadata: metadataChanged ? metadata : nil)
    }

    /// A GetProperties reply: everything, remembered as sent.
    public mutating func reply(fields: [(String, JSONValue)], metadata: JSONValue) -> JSONValue {
        lastFields = fields
        lastMetadata = metadata
        return SnapcastProperties.object(fields, metadata: metadata)
    }

    /// Forgets what was sent (the player changed: the next notification carries everything).
    public mutating func reset() {
        lastFields = nil
        lastMetadata = nil
    }

    private static func sameIgnoringPosition(_ a: [(String, JSONValue)], _ b: [(String, JSONValue)]) -> Bool {
        let x = a.filter { $0.0 != "position" }
        let y = b.filter { $0.0 != "position" }
        return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
