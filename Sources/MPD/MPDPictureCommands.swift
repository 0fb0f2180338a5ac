import MPDProtocol

/// Cover art: `albumart URI OFFSET` (the cover file of the song's folder) and `readpicture URI OFFSET` (the
/// picture embedded in the song), each a chunk of at most the session's `binarylimit` from OFFSET, after
/// `size:` (and for readpicture `type:`). Clients ask again with the next offset until they have `size` bytes.
@MainActor
enum MPDPictureCommands {
    static let all: [String: MPDCommand] = [
        "albumart": MPDCommand(.read) { c throws(MPDCommandError) in try picture(&c, embedded: false) },
        "readpicture": MPDCommand(.read) { c throws(MPDCommandError) in try picture(&c, embedded: true) }
    ]

    private static func picture(_ c: inout MPDCommandContext, embedded: Bool) throws(MPDCommandError) {
        let args = try c.arguments(2, 2)
        let offset = Int(try c.parse { () throws(MPDArgumentError) in try MPDArguments.unsigned(args[1]) })
        guard let library = c.library else { throw MPDCommandError(.noExist, "No such song") }
        guard let picture = try library.mpdPicture(file: args[0], embedded: embedded) else {
            // MPD: albumart without a cover file is an error, readpicture without a picture an empty reply.
            if embedded { return }
            throw MPDCommandError(.noExist, "No file exists")
        }
        guard offset <= picture.bytes.count else { throw MPDCommandError(.argument, "Bad file offset") }
        c.out.field("size", picture.bytes.count)
        if embedded, let type = picture.mimeType { c.out.field("type", type) }
        let end = offset + min(c.session.binaryLimit, picture.bytes.count - offset)
        c.out.binary(picture.bytes[offset..<end])
    }
}
