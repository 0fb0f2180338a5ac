#!/usr/bin/python3
"""A minimal MPRIS player with a TrackList, for testing `linnet queue` and `position SECONDS` against a second,
independent implementation (python3-dbus). It owns org.mpris.MediaPlayer2.fake (or .argv[2]), keeps a queue of
URIs, and appends every call it receives to the file named by argv[1] (one line: Member args...)."""
import sys
import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PATH = "/org/mpris/MediaPlayer2"
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
TRACKLIST = "org.mpris.MediaPlayer2.TrackList"
PROPS = "org.freedesktop.DBus.Properties"
NO_TRACK = "/org/mpris/MediaPlayer2/TrackList/NoTrack"


class Fake(dbus.service.Object):
    def __init__(self, bus, log):
        super().__init__(bus, PATH)
        self.log = log
        self.next_id = 1
        self.tracks = []  # [(id, uri)]
        self.current = None
        self.status = "Stopped"
        self.position = 0
        for name in ("one", "two", "three"):
            self._add("file:///music/%s.flac" % name, None)
        self.current = self.tracks[0][0]

    def record(self, *words):
        with open(self.log, "a") as f:
            f.write(" ".join(str(w) for w in words) + "\n")

    def _add(self, uri, after):
        tid = "/org/fake/track/%d" % self.next_id
        self.next_id += 1
        index = len(self.tracks)
        if after is not None and after != NO_TRACK:
            index = [t for t, _ in self.tracks].index(after) + 1
        elif after == NO_TRACK:
            index = 0
        self.tracks.insert(index, (tid, uri))
        return tid

    def metadata(self, tid):
        if tid is None:
            return dbus.Dictionary({"mpris:trackid": dbus.ObjectPath(NO_TRACK)}, signature="sv")
        uri = dict(self.tracks)[tid]
        name = uri.rsplit("/", 1)[-1].split(".")[0]
        return dbus.Dictionary({
            "mpris:trackid": dbus.ObjectPath(tid),
            "mpris:length": dbus.Int64(60_000_000),
            "xesam:title": "Track " + name,
            "xesam:artist": dbus.Array(["Fake"], signature="s"),
            "xesam:url": uri,
        }, signature="sv")

    def player_props(self):
        return {
            "PlaybackStatus": self.status, "LoopStatus": "None", "Shuffle": False, "Volume": 1.0, "Rate": 1.0,
            "Position": dbus.Int64(self.position), "Metadata": self.metadata(self.current),
            "CanControl": True, "CanPlay": True, "CanPause": True, "CanSeek": True,
            "CanGoNext": True, "CanGoPrevious": True, "MinimumRate": 1.0, "MaximumRate": 1.0,
        }

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, iface, name):
        return self.GetAll(iface)[name]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, iface):
        if iface == PLAYER:
            return self.player_props()
        if iface == TRACKLIST:
            return {"Tracks": dbus.Array([dbus.ObjectPath(t) for t, _ in self.tracks], signature="o"),
                    "CanEditTracks": True}
        if iface == ROOT:
            return {"Identity": "Fake TrackList Player", "HasTrackList": True, "CanQuit": False,
                    "CanRaise": False, "SupportedUriSchemes": dbus.Array(["file"], signature="s"),
                    "SupportedMimeTypes": dbus.Array([], signature="s")}
        raise dbus.exceptions.DBusException("no interface " + iface,
                                            name="org.freedesktop.DBus.Error.UnknownInterface")

    @dbus.service.method(PROPS, in_signature="ssv")
    def Set(self, iface, name, value):
        self.record("Set", name, value)

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, iface, changed, invalidated):
        pass

    @dbus.service.method(PLAYER)
    def Play(self):
        self.record("Play")
        self.status = "Playing"
        self.PropertiesChanged(PLAYER, {"PlaybackStatus": self.status}, [])

    @dbus.service.method(PLAYER)
    def Stop(self):
        self.record("Stop")
        self.status = "Stopped"
        self.PropertiesChanged(PLAYER, {"PlaybackStatus": self.status}, [])

    @dbus.service.method(PLAYER, in_signature="ox")
    def SetPosition(self, tid, position):
        self.record("SetPosition", tid, position)
        self.position = int(position)

    @dbus.service.method(TRACKLIST, in_signature="ao", out_signature="aa{sv}")
    def GetTracksMetadata(self, ids):
        self.record("GetTracksMetadata", len(ids))
        known = dict(self.tracks)
        return [self.metadata(str(t)) for t in ids if str(t) in known]

    @dbus.service.method(TRACKLIST, in_signature="sob")
    def AddTrack(self, uri, after, current):
        self.record("AddTrack", uri, after, bool(current))
        self._add(str(uri), str(after))

    @dbus.service.method(TRACKLIST, in_signature="o")
    def RemoveTrack(self, tid):
        self.record("RemoveTrack", tid)
        self.tracks = [(t, u) for t, u in self.tracks if t != str(tid)]
        if self.current == str(tid):
            self.current = None

    @dbus.service.method(TRACKLIST, in_signature="o")
    def GoTo(self, tid):
        self.record("GoTo", tid)
        self.current = str(tid)


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    fake = Fake(bus, sys.argv[1])
    name = dbus.service.BusName("org.mpris.MediaPlayer2." + (sys.argv[2] if len(sys.argv) > 2 else "fake"), bus)
    GLib.MainLoop().run()


main()
