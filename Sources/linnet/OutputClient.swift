import DBus
import LinnetCLI
import PlayerCore

/// `linnet output`: the outputs on Linnet's route interface (`Outputs`, `EnableOutput`, `DisableOutput`).
struct OutputClient {
    let player: MPRISClient
    static let interface = "org.mpris.MediaPlayer2.linnet.Route"

    func run(_ request: OutputRequest) throws(ClientError) {
        switch request {
        case .list(let json):
            let rows = try outputs()
            Terminal.out((json ? OutputRendering.json(rows).encoded : OutputRendering.text(rows)) + "\n")
        case .enable(let name):
            try player.call("EnableOutput", [.string(name)], interface: Self.interface)
        case .disable(let name):
            try player.call("DisableOutput", [.string(name)], interface: Self.interface)
        }
    }

    private func outputs() throws(ClientError) -> [OutputDescription] {
        guard case .array(_, let entries) = try player.get("Outputs", Self.interface).unwrappingVariants else {
            throw .unexpected("Outputs is not a list")
        }
        return entries.compactMap { entry in
            guard let d = entry.stringKeyedDictionary, case .int32(let id)? = d["Id"]?.unwrappingVariants,
                let name = d["Name"]?.unwrappingVariants.stringValue
            else { return nil }
            var enabled = false
            if case .boolean(let b)? = d["Enabled"]?.unwrappingVariants { enabled = b }
            return OutputDescription(
                id: Int(id), name: name, plugin: d["Plugin"]?.unwrappingVariants.stringValue ?? "",
                enabled: enabled, address: d["Address"]?.unwrappingVariants.stringValue ?? "",
                status: d["Status"]?.unwrappingVariants.stringValue ?? "")
        }
    }
}
