import Foundation
import Testing

@testable import MPD

/// Every command of MPD 0.23 is either implemented or named, with its reason, in the README's "MPD commands not
/// implemented" table, never both: the table stays true as commands are added.
@MainActor
@Suite struct MPDCommandCoverageTests {
    /// The names of MPD 0.23.12's command table (src/command/AllCommands.cxx).
    static let mpd023 = """
        add addid addtagid albumart binarylimit channels clear clearerror cleartagid close commands config
        consume count crossfade currentsong decoders delete deleteid delpartition disableoutput
        enableoutput find findadd getfingerprint getvol idle kill list listall listallinfo listfiles
        listmounts listneighbors listpartitions listplaylist listplaylistinfo listplaylists load lsinfo
        mixrampdb mixrampdelay mount move moveid moveoutput newpartition next notcommands outputs outputset
        partition password pause ping play playid playlist playlistadd playlistclear playlistdelete
        playlistfind playlistid playlistinfo playlistmove playlistsearch plchanges plchangesposid previous
        prio prioid random rangeid readcomments readmessages readpicture rename repeat replay_gain_mode
        replay_gain_status rescan rm save search searchadd searchaddpl seek seekcur seekid sendmessage
        setvol shuffle single stats status sticker stop subscribe swap swapid tagtypes toggleoutput unmount
        unsubscribe update urlhandlers volume
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// The commands named in the first column of the README's table.
    static func documentedAsMissing() throws -> Set<String> {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "### MPD commands not implemented"))
        var names = Set<String>()
        for line in text[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for part in cell.split(separator: "`").enumerated() where part.offset % 2 == 0 {
                names.insert(String(part.element))
            }
        }
        return names
    }

    @Test func everyMPDCommandIsImplementedOrDocumentedAsMissing() throws {
        let implemented = Set(MPDCommandTable.names)
        let missing = try Self.documentedAsMissing()
        #expect(missing.count > 20, "the table was read: \(missing.sorted())")
        for name in Self.mpd023 {
            #expect(implemented.contains(name) != missing.contains(name), "\(name)")
        }
        #expect(missing.subtracting(Self.mpd023).isEmpty, "not MPD 0.23 commands: \(missing.subtracting(Self.mpd023))")
    }
}
