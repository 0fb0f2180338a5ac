#!/bin/sh
# test-deb-chroot.sh VERSION PREVIOUS_VERSION: the checks of packaging/test-deb.sh, run as root inside the bare
# Debian 12 it unpacked (own mount, PID and cgroup namespaces; /test holds the two .debs and three demo songs).
# Prints a transcript: each command after "$ " and what it printed. Any failed check ends it with exit 1.
#   A. bare machine: apt install of the .deb (only Debian packages come with it), --version, ldd, purge; then
#      with the dependencies in place, install and purge again: the file tree is as before
#   B. a session with the previous version: queue and library made, then the upgrade keeps them
#   C. no systemd (a plain dbus-daemon): playerctl does not activate; `linnet status` does, through Exec=;
#      `linnet open` plays into a PulseAudio null sink
#   D. systemd --user (dbus-user-session's bus, socket-activated pulseaudio): activation through SystemdService=,
#      `systemctl --user status linnet`, playback
#   E. apt purge: no file of the package is left, the user's state is
set -eu
new=$1
old=$2
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin
cd /test
user=listener
uid=1000
home=/home/$user
runtime=/run/user/$uid
started=$(date +%s)

step() { printf '\n### %s (%s s)\n' "$*" "$(($(date +%s) - started))"; }
fail() {
    echo "test-deb: FAIL: $*"
    for log in /test/bus.log /test/pulse.log /test/systemd.log; do
        [ -s $log ] && printf -- '--- %s (end)\n%s\n' $log "$(tail -30 $log)"
    done
    exit 1
}
# The command in the transcript (on fd 3, the transcript, also when its output goes to a file), then its output.
exec 3>&2
show() {
    printf '$ %s\n' "$*" >&3
    "$@"
}
# As the desktop user, with the session's environment.
as_user() {
    runuser -u $user -- env HOME=$home USER=$user LOGNAME=$user XDG_RUNTIME_DIR=$runtime \
        DBUS_SESSION_BUS_ADDRESS=unix:path=$runtime/bus PATH=/usr/bin:/bin LC_ALL=C.UTF-8 "$@"
}
show_user() {
    printf '%s$ %s\n' "$user" "$*" >&3
    as_user "$@"
}
# wait_for SECONDS WHAT COMMAND...: COMMAND every 0.1 s until it succeeds, else fail naming WHAT.
wait_for() {
    limit=$(($1 * 10))
    what=$2
    shift 2
    n=0
    until "$@" >/dev/null 2>&1; do
        n=$((n + 1))
        [ $n -lt $limit ] || fail "no $what within $limit tenths of a second"
        sleep 0.1
    done
}
# Every path of the tree that a package or its scripts could leave behind, with type and mode.
snapshot() {
    find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /test \
        -o -path /var/lib/apt/lists -o -path /var/cache/apt -o -path /var/cache/debconf -o -path /var/log \
        -o -path /var/lib/dpkg \) -prune -o -printf '%y %m %p\n' | sort >"$1"
}
linnetd_pid() { pidof linnetd; }
no_linnetd() { ! pidof linnetd >/dev/null; }
bus_has() {
    as_user dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.NameHasOwner "string:$1" | grep -q 'boolean true'
}
status_is() { [ "$(as_user linnet status --format '{{status}}')" = "$1" ]; }
position_us() { as_user linnet status --format '{{position_us}}'; }
# The sound server has a playback stream from linnetd.
stream_from_linnetd() {
    as_user pactl list sink-inputs | grep -q 'application.process.binary = "linnetd"'
}
quit_linnetd() {
    show_user dbus-send --session --print-reply --dest=org.mpris.MediaPlayer2.linnet /org/mpris/MediaPlayer2 \
        org.mpris.MediaPlayer2.Quit >/dev/null
    wait_for 20 "exit of linnetd after Quit" no_linnetd
}

# ---------------------------------------------------------------------------------------------------------------
step "A. the bare Debian 12: $(dpkg-query -W -f '${binary:Package}\n' | wc -l) packages, no Swift"
show apt-get update -qq
useradd -m -u $uid -s /bin/sh $user
if command -v swift >/dev/null || ls /usr/lib/x86_64-linux-gnu/libswiftCore.so* >/dev/null 2>&1; then
    fail "a Swift toolchain or runtime is installed on the bare machine"
fi

step "A. apt install ./linnet_${new}_amd64.deb"
show apt install -y "./linnet_${new}_amd64.deb" >/test/install.log 2>&1 || {
    cat /test/install.log
    fail "apt install"
}
grep -v '^WARNING: apt does not have a stable CLI interface' /test/install.log | grep -v '^$'
[ "$(dpkg-query -W -f '${Version}' linnet)" = "$new" ] || fail "linnet $new is not installed"
# Everything else installed comes from the archive: apt marks a package that no source offers as "local".
local_packages=$(apt list --installed 2>/dev/null | grep ',local\]' | cut -d/ -f1)
[ "$local_packages" = linnet ] || fail "packages from outside the Debian archive: $local_packages"
printf 'Depends: %s\n' "$(dpkg-query -W -f '${Depends}' linnet)"
printf 'Installed-Size: %s KB\n' "$(dpkg-query -W -f '${Installed-Size}' linnet)"

step "A. --version"
for program in linnet linnetd; do
    line=$(show $program --version) || fail "$program --version"
    echo "$line"
    echo "$line" | grep -Eq "^$program $new \\(commit [0-9a-f]{12}\\)\$" ||
        fail "$program --version does not say '$program $new (commit <12 hex digits>)'"
    # The arguments came through ProgramArguments' hook (Sources/ProgramArguments): the static Swift runtime's
    # own argv lookup, which scans /proc/self/maps at every start with "%p-%p", is not linked.
    if grep -q '%p-%p' "/usr/bin/$program"; then
        fail "$program links the Swift runtime's /proc/self/maps scan for argv (see Sources/ProgramArguments)"
    fi
done

step "A. ldd: Debian 12 main only, no Swift runtime"
# Linked at start-up, and the four libraries linnetd opens on first use (libcurl for streams, librubberband for
# the rate, libsoxr for Snapcast outputs, libfaad2 for AAC): each resolves, to a file of a package from Debian 12's
# main archive.
libraries=$(for f in /usr/bin/linnetd /usr/bin/linnet; do show ldd "$f" >&2; ldd "$f"; done |
    awk '$2 == "=>" { print $3 } $1 ~ /^\// { print $1 }' | sort -u)
for so in libcurl.so.4 librubberband.so.2 libsoxr.so.0 libfaad.so.2; do
    path=$(ldconfig -p | awk -v so="$so" '$1 == so && /x86-64/ { print $NF; exit }')
    [ -n "$path" ] || fail "$so (opened with dlopen) is not installed"
    libraries="$libraries
$path
$(ldd "$path" | awk '$2 == "=>" { print $3 } $1 ~ /^\// { print $1 }')"
done
if ldd /usr/bin/linnetd /usr/bin/linnet | grep -E 'not found|swift|Foundation|dispatch|BlocksRuntime'; then
    fail "the binaries need a library that is missing or Swift's"
fi
: >/test/library-packages
for path in $(echo "$libraries" | sort -u); do
    # Debian 12 registers libraries under /lib, which is a link to /usr/lib: either name may be the one dpkg has.
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(realpath "$path")" 2>/dev/null) || fail "no package has $path"
    echo "${owner%%:*}" >>/test/library-packages
done
packages=$(sort -u /test/library-packages)
for p in $packages; do
    installed=$(dpkg-query -W -f '${Version}' "$p")
    apt-cache madison "$p" | grep -F " $installed " | grep -Eq 'bookworm(-updates|-security)?/main ' ||
        fail "$p $installed (a library linnetd loads) is not from Debian 12's main archive"
done
echo "libraries from:" $packages

step "A. apt purge linnet: its files are gone (what came with it stays, as apt leaves it)"
dpkg -L linnet | sort >/test/package-files
show apt purge -y linnet >/test/purge-a.log 2>&1 || {
    cat /test/purge-a.log
    fail "apt purge"
}
grep -E '^(Removing|Purging)' /test/purge-a.log
while read -r path; do
    [ -d "$path" ] && continue  # a directory of the system (/usr/bin) stays
    [ ! -e "$path" ] && [ ! -L "$path" ] || fail "$path is left after the purge"
done </test/package-files
echo "none of the package's $(wc -l </test/package-files) paths is left"

step "A. with its dependencies in place: install and purge leave the tree as it was"
# The dependencies stay installed after the purge (the bare install also brought systemd-sysv, through
# default-dbus-session-bus -> dbus-user-session, which apt then never removes); with them in place, whatever
# linnet's own files and maintainer scripts add must go with the purge.
snapshot /test/tree-before
show apt install -y "./linnet_${new}_amd64.deb" >/test/install-again.log 2>&1 || {
    cat /test/install-again.log
    fail "apt install"
}
grep -E '^(Unpacking|Setting up) ' /test/install-again.log
snapshot /test/tree-installed
show apt purge -y linnet >/test/purge-again.log 2>&1 || {
    cat /test/purge-again.log
    fail "apt purge"
}
snapshot /test/tree-after
# ldconfig's cache is rewritten by the libc trigger; everything else must match.
left=$(diff /test/tree-before /test/tree-after | grep '^[<>]' | grep -v ' /etc/ld.so.cache$' || true)
[ -z "$left" ] || fail "install and purge changed the tree:
$left"
echo "the install added $(comm -13 /test/tree-before /test/tree-installed | wc -l) paths; after the purge the tree is as before"

# ---------------------------------------------------------------------------------------------------------------
step "B. a desktop session's programs (for the test, not for Linnet)"
show apt-get install -y -qq --no-install-recommends dbus-daemon dbus-bin dbus-user-session systemd pulseaudio \
    pulseaudio-utils playerctl >/test/tools.log 2>&1 || {
    cat /test/tools.log
    fail "installing the session's programs"
}
mkdir -p $runtime $home/Music
chmod 700 $runtime
cp /test/demo/* $home/Music/
chown -R $user:$user $runtime $home

start_session_bus() {
    as_user dbus-daemon --session --address=unix:path=$runtime/bus --nofork --nopidfile \
        >/test/bus.log 2>&1 &
    bus=$!
    wait_for 10 "session bus" as_user dbus-send --session --print-reply --dest=org.freedesktop.DBus \
        /org/freedesktop/DBus org.freedesktop.DBus.GetId
}
start_sound_server() {
    cat >/test/null.pa <<EOF
load-module module-native-protocol-unix
load-module module-null-sink sink_name=speakers sink_properties=device.description=Speakers
set-default-sink speakers
EOF
    as_user pulseaudio -n -F /test/null.pa --daemonize=no --exit-idle-time=-1 --log-target=stderr \
        >/test/pulse.log 2>&1 &
    pulse=$!
    wait_for 10 "sound server" as_user pactl info
}
stop_session() {
    kill $bus $pulse 2>/dev/null || true
    wait $bus $pulse 2>/dev/null || true
    # What they leave in the runtime directory (sockets, pulseaudio's pid file) must not meet systemd's instances.
    rm -rf $runtime/bus $runtime/pulse $runtime/dbus-1
}

step "B. the previous version ($old) in use: a queue and a library"
show apt install -y "./linnet_${old}_amd64.deb" >/test/install-old.log 2>&1 || {
    cat /test/install-old.log
    fail "apt install of $old"
}
start_sound_server
start_session_bus
show_user linnet open $home/Music/01-intro.mp3 $home/Music/02-chords.flac
wait_for 20 "playback of the previous version" status_is Playing
show_user linnet pause
songs_are_scanned() { [ "$(as_user linnet library songs | wc -l)" = 3 ]; }
wait_for 60 "library scan of ~/Music" songs_are_scanned
as_user linnet queue >/test/queue-before
as_user linnet library songs >/test/library-before
show cat /test/queue-before
show cat /test/library-before
quit_linnetd

step "B. upgrade to $new"
show apt install -y "./linnet_${new}_amd64.deb" >/test/upgrade.log 2>&1 || {
    cat /test/upgrade.log
    fail "the upgrade"
}
grep -E '^(Preparing|Unpacking|Setting up) linnet' /test/upgrade.log
[ "$(dpkg-query -W -f '${Version}' linnet)" = "$new" ] || fail "linnet $new is not installed after the upgrade"
dpkg -L linnet | sort >/test/package-files

# ---------------------------------------------------------------------------------------------------------------
step "C. no systemd: playerctl does not activate linnetd"
no_linnetd || fail "linnetd runs before the first call"
as_user dbus-monitor --session >/test/monitor.log 2>&1 &
monitor=$!
wait_for 10 "bus monitor" grep -q NameLost /test/monitor.log
out=$(show_user playerctl -p linnet status 2>&1) && fail "playerctl found a player: $out"
echo "$out"
[ "$out" = "No players found" ] || fail "playerctl said '$out'"
# A marker from another client, seen by the monitor after everything playerctl sent.
as_user dbus-send --session --type=signal /org/linnet/Test org.linnet.Test.Marker
wait_for 10 "marker on the monitor" grep -q 'member=Marker' /test/monitor.log
kill $monitor
! grep 'destination=org.mpris.MediaPlayer2.linnet' /test/monitor.log || fail "playerctl called linnet's name"
no_linnetd || fail "playerctl started linnetd"
echo "no message to org.mpris.MediaPlayer2.linnet; linnetd not started"

step "C. no systemd: the first linnet status activates linnetd through Exec="
show_user linnet status || fail "linnet status"
pid=$(linnetd_pid) || fail "linnetd is not running after linnet status"
# dbus-daemon runs Exec= through a babysitter process that leaves, so its log says who started linnetd.
activation=$(grep "Activating service name='org.mpris.MediaPlayer2.linnet' requested by .*comm=\"linnet status\"" \
    /test/bus.log) || fail "the bus did not activate linnetd for linnet status"
echo "$activation"
grep -q "Activating via systemd" /test/bus.log && fail "the bus asked systemd, which does not run here"
echo "linnetd (pid $pid) runs, started by dbus-daemon from Exec= (no systemd here)"

step "C. the upgrade kept the queue and the library"
as_user linnet queue >/test/queue-after
as_user linnet library songs >/test/library-after
show cat /test/queue-after
diff /test/queue-before /test/queue-after || fail "the queue changed across the upgrade"
wait_for 60 "library after the upgrade" songs_are_scanned
diff /test/library-before /test/library-after || fail "the library changed across the upgrade"
echo "queue and library as before the upgrade"

step "C. linnet open plays"
show_user linnet open $home/Music/05-pluck.ogg
wait_for 20 "playback" status_is Playing
wait_for 20 "linnetd's stream on the sound server" stream_from_linnetd
first=$(position_us)
advanced() { [ "$(position_us)" -gt "$first" ]; }
wait_for 10 "the position moving" advanced
show_user linnet status
show_user pactl list sink-inputs | grep -E 'Sink Input|Sink:|State|application.name|application.process.binary|media.role'
quit_linnetd
stop_session

# ---------------------------------------------------------------------------------------------------------------
step "D. systemd --user: activation through SystemdService="
# What logind does at login: the user manager in a cgroup of its own that it may manage, and a runtime directory;
# /run/systemd/system says the machine runs systemd.
mkdir -p /run/systemd/system
# No journald here: the units' output goes to the manager's, /test/systemd.log.
mkdir -p /etc/systemd/user.conf.d
printf '[Manager]\nLogTarget=console\nDefaultStandardOutput=inherit\nDefaultStandardError=inherit\n' \
    >/etc/systemd/user.conf.d/test-deb.conf
manager_cgroup=/sys/fs/cgroup/user.slice/user-$uid.slice/user@$uid.service
mkdir -p $manager_cgroup
chown -R $user:$user $manager_cgroup
(
    echo 0 >$manager_cgroup/cgroup.procs
    exec runuser -u $user -- env HOME=$home USER=$user XDG_RUNTIME_DIR=$runtime /lib/systemd/systemd --user \
        >/test/systemd.log 2>&1
) &
manager=$!
manager_runs() { as_user systemctl --user is-system-running | grep -Eq 'running|degraded'; }
wait_for 30 "systemd --user" manager_runs
show_user systemctl --user is-system-running || true
show_user systemd-analyze --user verify --man=no /usr/lib/systemd/user/linnet.service || fail "systemd-analyze verify"
grep -qx 'SystemdService=linnet.service' /usr/share/dbus-1/services/org.mpris.MediaPlayer2.linnet.service ||
    fail "the activation file does not name linnet.service"
wait_for 10 "dbus.socket" test -S $runtime/bus
no_linnetd || fail "linnetd runs before the first call"
show_user linnet status || fail "linnet status"
pid=$(linnetd_pid) || fail "linnetd is not running after linnet status"
show_user systemctl --user status linnet --no-pager --lines=0 || fail "linnet.service is not active"
[ "$(as_user systemctl --user show -P MainPID linnet)" = "$pid" ] || fail "linnetd is not linnet.service's process"
echo "linnetd (pid $pid) is linnet.service's main process, in $(as_user systemctl --user show -P ControlGroup linnet)"
show_user linnet open $home/Music/01-intro.mp3
wait_for 20 "playback" status_is Playing
wait_for 20 "linnetd's stream on the sound server" stream_from_linnetd
first=$(position_us)
wait_for 10 "the position moving" advanced
show_user linnet status
show_user systemctl --user stop linnet
no_linnetd || fail "linnetd still runs after systemctl --user stop linnet"
kill $manager
wait $manager 2>/dev/null || true

# ---------------------------------------------------------------------------------------------------------------
step "E. apt purge linnet: none of its files stay, the user's state does"
show apt purge -y linnet >/test/purge.log 2>&1 || {
    cat /test/purge.log
    fail "apt purge"
}
grep -E '^(Removing|Purging)' /test/purge.log
dpkg-query -W -f '${db:Status-Abbrev}' linnet 2>/dev/null | grep -q '^i' && fail "linnet is still installed"
while read -r path; do
    [ -d "$path" ] && continue  # a directory of the system (/usr/bin) stays
    [ ! -e "$path" ] && [ ! -L "$path" ] || fail "$path is left after the purge"
done </test/package-files
left=$(find /etc /usr /var/lib -name '*linnet*' -not -path '/var/lib/dpkg/*' -not -path '/var/lib/apt/*')
[ -z "$left" ] || fail "left after the purge: $left"
echo "none of the package's $(wc -l </test/package-files) paths is left"
show ls $home/.local/state/linnet
[ -f $home/.local/state/linnet/queue.db ] && [ -f $home/.local/state/linnet/library.db ] ||
    fail "the user's queue or library is gone"

step "passed"
