#!/bin/sh
# Plays the demo queue (data/demo.m3u8) with linnetd and shows `linnet status --follow` until the queue ends.
# Works on a bare machine: when no session bus answers it starts a private dbus-daemon, and when no sound server
# answers a private pulseaudio with a null sink (so nothing needs a sound card). Everything it started is stopped
# on exit, Ctrl-C included. The demo uses its own state and cache directories, so it leaves a user's Linnet alone.
#   LINNET_BIN=DIR   where linnetd and linnet are (default .build/release)
set -u
cd "$(dirname "$0")/.." || exit 1
BIN=${LINNET_BIN:-.build/release}
for p in linnetd linnet; do
    if [ ! -x "$BIN/$p" ]; then
        echo "run-demo: $BIN/$p is missing; build first: swift build -c release" >&2
        exit 1
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/linnet-demo.XXXXXX") || exit 1
STARTED=""   # PIDs to stop on exit, last started first

say() { echo "run-demo: $*" >&2; }

cleanup() {
    for pid in $STARTED; do kill "$pid" 2>/dev/null; done
    # Bounded wait so linnetd can save its state and the servers can remove their sockets.
    for pid in $STARTED; do
        n=0
        while kill -0 "$pid" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
        kill -9 "$pid" 2>/dev/null
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails after SECONDS.
wait_for() {
    limit=$(($1 * 10)); shift
    n=0
    until "$@" >/dev/null 2>&1; do
        n=$((n + 1))
        [ $n -ge $limit ] && return 1
        sleep 0.1
    done
}

bus_call() {  # bus_call METHOD [ARG]: a call to the bus daemon itself
    dbus-send --session --print-reply --reply-timeout=2000 --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        "org.freedesktop.DBus.$@"
}

# 1. A session bus (a systemd user session has one at $XDG_RUNTIME_DIR/bus even when the variable is unset; never
# let libdbus autolaunch one through X11, which would outlive the demo).
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -S "$XDG_RUNTIME_DIR/bus" ]; then
    DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
    export DBUS_SESSION_BUS_ADDRESS
fi
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && bus_call GetId >/dev/null 2>&1; then
    say "using the session bus at $DBUS_SESSION_BUS_ADDRESS"
else
    dbus-daemon --session --fork --address="unix:path=$WORK/bus" --print-address=1 --print-pid=1 \
        >"$WORK/bus.out" || { say "could not start dbus-daemon"; exit 1; }
    DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$WORK/bus.out")
    STARTED="$(sed -n 2p "$WORK/bus.out") $STARTED"
    export DBUS_SESSION_BUS_ADDRESS
    wait_for 10 bus_call GetId || { say "the private bus does not answer"; exit 1; }
    say "started a private session bus: DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"
fi

# 2. A sound server (the check must not autospawn one).
printf 'autospawn = no\n' >"$WORK/client.conf"
pulse_answers() { PULSE_CLIENTCONFIG="$WORK/client.conf" pactl info; }
if pulse_answers >/dev/null 2>&1; then
    say "using the running sound server"
else
    mkdir -p "$WORK/pulse"
    cat >"$WORK/pulse/demo.pa" <<PA
load-module module-native-protocol-unix socket=$WORK/pulse/native auth-anonymous=1
load-module module-null-sink sink_name=linnet_demo sink_properties=device.description=Linnet-demo-null-sink
set-default-sink linnet_demo
PA
    # As root pulseaudio warns about running as root and goes on; its runtime dir and home stay in $WORK.
    XDG_RUNTIME_DIR="$WORK/pulse" HOME="$WORK/pulse" pulseaudio -n --daemonize=no --exit-idle-time=-1 \
        --use-pid-file=no -F "$WORK/pulse/demo.pa" --log-target=file:"$WORK/pulseaudio.log" \
        >/dev/null 2>&1 &
    STARTED="$! $STARTED"
    PULSE_SERVER="unix:$WORK/pulse/native"
    export PULSE_SERVER
    wait_for 10 pulse_answers || { say "the private pulseaudio does not answer:"; cat "$WORK/pulseaudio.log" >&2; exit 1; }
    say "started a private pulseaudio with a null sink: PULSE_SERVER=$PULSE_SERVER"
fi

# 3. linnetd with the demo queue, with its own state so the demo always starts at track 1.
PLAYER=linnet
bus_call NameHasOwner string:org.mpris.MediaPlayer2.linnet 2>/dev/null | grep -q 'boolean true' && TAKEN=1 || TAKEN=0
XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache" "$BIN/linnetd" data/demo.m3u8 >"$WORK/linnetd.log" 2>&1 &
LINNETD=$!
STARTED="$LINNETD $STARTED"
# Another Linnet owns the name already: ours is org.mpris.MediaPlayer2.linnet.instance<PID>.
[ "$TAKEN" = 1 ] && PLAYER="linnet.instance$LINNETD"
# Owned, or linnetd gone (then stop waiting at once).
owned_or_gone() {
    ! kill -0 "$LINNETD" 2>/dev/null || bus_call NameHasOwner "string:org.mpris.MediaPlayer2.$PLAYER" | grep -q 'boolean true'
}
if ! wait_for 15 owned_or_gone || ! kill -0 "$LINNETD" 2>/dev/null; then
    say "linnetd did not take org.mpris.MediaPlayer2.$PLAYER; its output:"
    cat "$WORK/linnetd.log" >&2
    exit 1
fi
say "linnetd is org.mpris.MediaPlayer2.$PLAYER; from another shell with the same DBUS_SESSION_BUS_ADDRESS try"
say "  $BIN/linnet -p $PLAYER next | pause | seek -5 | queue    or    playerctl -p $PLAYER status"

# 4. Play the queue once and follow it until it ends (or Ctrl-C).
linnet() { "$BIN/linnet" -p "$PLAYER" "$@"; }
linnet loop none && linnet play || exit 1
playing() { [ "$(linnet status --format '{{status}}')" = Playing ]; }
wait_for 10 playing || { say "the player did not start playing"; linnet status >&2; exit 1; }
linnet status --follow --exit-when-stopped
