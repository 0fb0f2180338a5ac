#!/bin/sh
# test-deb.sh [DEB]: installs Linnet's .deb on a bare Debian 12 and uses it as a desktop session would.
#   DEB                   the package to test (default: dist/linnet_VERSION_amd64.deb, as `make deb` writes it)
#   LINNET_PREVIOUS_DEB   the previous version's .deb for the upgrade check; default: DEB repacked with a lower
#                         version (DEB's own files under the version VERSION~previous), which exercises dpkg's
#                         upgrade path and the maintainer scripts, not an older linnetd's state format
#   LINNET_TEST_DEB_CACHE where the Debian 12 base tarball is kept (default /var/cache/linnet-test-deb)
#   LINNET_DEBIAN_MIRROR  the Debian mirror (default http://deb.debian.org/debian; -security is found beside it)
#   LINNET_TEST_DEB_KEEP  1: keep the work directory (the chroot and its logs) for a look afterwards
#
# The bare machine is a `debootstrap --variant=minbase bookworm` tree (Essential packages and apt: no Swift, no
# build tools), made once and cached as a tarball; each run unpacks a fresh copy. The checks run inside it
# (packaging/test-deb-chroot.sh) in their own mount, PID and cgroup namespaces, so every process the test starts
# ends with it and nothing stays mounted: the transcript, the package's Depends, ldd of the installed binaries, a
# purge that leaves nothing behind, the upgrade from the previous version keeping the queue and the library, D-Bus
# activation through Exec= (a plain dbus-daemon) and through SystemdService= (systemd --user with the
# dbus-user-session bus), playerctl not activating, and `linnet open` playing into a PulseAudio null sink.
# Needs root (chroot, mounts), debootstrap and the mirror; the first run takes about 6 minutes longer (debootstrap).
set -eu
cd "$(dirname "$0")/.."

say() { echo "test-deb: $*" >&2; }
die() {
    say "$*"
    exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (chroot, mount namespaces)"
version=$(sed -n '1s/^[a-z0-9.+-]* (\([^)]*\)).*/\1/p' debian/changelog)
deb=${1:-dist/linnet_${version}_amd64.deb}
[ -f "$deb" ] || die "$deb is missing: make deb"
deb_version=$(dpkg-deb -f "$deb" Version)
cache=${LINNET_TEST_DEB_CACHE:-/var/cache/linnet-test-deb}
mirror=${LINNET_DEBIAN_MIRROR:-http://deb.debian.org/debian}
base=$cache/bookworm-minbase-amd64.tar.gz
start=$(date +%s)

# 1. The bare Debian 12, made once (under a lock: two runs at once must not both debootstrap into the cache).
mkdir -p "$cache"
(
    flock 9
    if [ ! -f "$base" ]; then
        say "making the Debian 12 base (debootstrap --variant=minbase bookworm; a few minutes, once)"
        tree=$(mktemp -d "$cache/debootstrap.XXXXXX")
        trap 'rm -rf "$tree"' EXIT
        debootstrap --variant=minbase --arch=amd64 bookworm "$tree" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
            {
                tail -20 "$cache/debootstrap.log" >&2
                exit 1
            }
        rm -f "$tree"/var/cache/apt/archives/*.deb
        find "$tree/var/lib/apt/lists" -maxdepth 1 -type f -delete
        chmod 755 "$tree"  # the root directory: mktemp made it 700
        tar -C "$tree" --numeric-owner -czf "$base.tmp" .
        mv "$base.tmp" "$base"
    fi
) 9>"$cache/lock" || die "could not make the Debian 12 base (see $cache/debootstrap.log)"

# 2. A fresh copy of it, with the packages and the demo songs.
work=$(mktemp -d /var/tmp/linnet-test-deb.XXXXXX)
cgroup=""
cleanup() {
    # The namespaces are gone with their last process; the cgroup they ran in is removed bottom-up.
    [ -n "$cgroup" ] && [ -d "$cgroup" ] && find "$cgroup" -depth -type d -exec rmdir {} \; 2>/dev/null
    if [ "${LINNET_TEST_DEB_KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
root=$work/root
mkdir -p "$root"
tar -C "$root" --numeric-owner -xzf "$base"
chmod 755 "$root"
mkdir -p "$root/test/demo"
cp "$deb" "$root/test/linnet_${deb_version}_amd64.deb"
if [ -n "${LINNET_PREVIOUS_DEB:-}" ]; then
    previous=$LINNET_PREVIOUS_DEB
else
    # This package under a lower version: unpack, change the version in the control file, pack again.
    dpkg-deb -R "$deb" "$work/previous"
    sed -i "s/^Version: .*/Version: ${deb_version}~previous/" "$work/previous/DEBIAN/control"
    previous=$work/linnet_${deb_version}~previous_amd64.deb
    dpkg-deb --root-owner-group -Zxz -b "$work/previous" "$previous" >/dev/null
fi
previous_version=$(dpkg-deb -f "$previous" Version)
dpkg --compare-versions "$previous_version" lt "$deb_version" ||
    die "the previous package ($previous_version) is not older than $deb_version"
cp "$previous" "$root/test/linnet_${previous_version}_amd64.deb"
cp data/demo/01-intro.mp3 data/demo/02-chords.flac data/demo/05-pluck.ogg "$root/test/demo/"
cp packaging/test-deb-chroot.sh "$root/test/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
security=${mirror%/debian}/debian-security
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF

# 3. A cgroup of its own on the cgroup2 hierarchy (systemd --user needs one it may manage), then the checks in new
# mount, PID and cgroup namespaces: the chroot's /proc, /sys, /dev, /run and /tmp exist only in there.
cgroup2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cgroup2" ] || die "no cgroup2 hierarchy is mounted: systemd --user cannot run (mount -t cgroup2 none DIR)"
cgroup=$cgroup2/$(basename "$work")
mkdir "$cgroup"
say "testing $deb ($deb_version, upgrade from $previous_version) in $root"
set +e
# shellcheck disable=SC2016 # expanded by the inner shells
timeout 1500 unshare --mount --pid --fork --kill-child --mount-proc="$root/proc" sh -c '
    echo $$ >"$1/cgroup.procs" || exit 1
    exec unshare --cgroup sh -c "
        mount --rbind /dev \"$2/dev\" && mount -t tmpfs -o mode=1777 shm \"$2/dev/shm\" &&
        mount -t sysfs sysfs \"$2/sys\" && mount -t cgroup2 cgroup2 \"$2/sys/fs/cgroup\" &&
        mount -t tmpfs -o mode=755 run \"$2/run\" && mount -t tmpfs -o mode=1777 tmp \"$2/tmp\" &&
        exec chroot \"$2\" /bin/sh /test/test-deb-chroot.sh \"$3\" \"$4\"
    "
' test-deb "$cgroup" "$root" "$deb_version" "$previous_version"
status=$?
set -e
say "$(($(date +%s) - start)) s in all"
[ $status = 0 ] || die "FAILED (exit $status); LINNET_TEST_DEB_KEEP=1 keeps $work for a look"
say "passed"
