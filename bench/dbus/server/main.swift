// linnet-bench-dbus-server: exports an MPRIS-shaped object through the DBus layer for bench/dbus/run.
// Usage: linnet-bench-dbus-server [ADDRESS]   (default: the session bus). Prints "ready NAME" when serving.
import DBus
import Dispatch
import Glibc

/// Unbuffered write, so the runner sees "ready" at once through a pipe.
func say(_ fd: Int32, _ text: String) {
    _ = text.withCString { write(fd, $0, strlen($0)) }
}

let address = CommandLine.arguments.dropFirst().first
let bus: DBusConnection.Bus = address.map { .address($0) } ?? .session
let connection: DBusConnection
do {
    connection = try DBusConnection(bus: bus, queue: .main)
    let player = DBusInterface(
        "org.mpris.MediaPlayer2.Player",
        properties: [
            DBusProperty("PlaybackStatus", signature: .string, get: { .string("Playing") }),
            DBusProperty("Volume", signature: .double, access: .readwrite, get: { .double(1.0) }, set: { _ in }),
            DBusProperty(
                "Metadata", signature: "a{sv}",
                get: {
                    DBusValue([
                        "mpris:trackid": DBusValue.objectPath("/org/linnet/track/1"),
                        "xesam:title": .string("Bench"), "mpris:length": .int64(180_000_000)
                    ])
                })
        ])
    try connection.export(path: "/org/mpris/MediaPlayer2", interfaces: [player])
    let name = try connection.requestName("org.mpris.MediaPlayer2.linnetbench", fallbackToInstance: true)
    say(1, "ready \(name)\n")
} catch {
    say(2, "linnet-bench-dbus-server: \(error)\n")
    exit(1)
}
connection.onDisconnect = { exit(0) }
dispatchMain()
