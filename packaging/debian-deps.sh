#!/bin/sh
# Installs the Debian 12 packages Linnet needs to build, run and test (run as root).
# Build: the C libraries' -dev packages. Run/test: a session bus, a sound server, the real clients
# the tests drive (playerctl, busctl, gdbus), and the tools that make test media. make: the top-level Makefile;
# bench/service/run anchors: mpv + mpv-mpris, mpd + mpdris2 (python3-gi for its signal watcher); bench/library/run:
# mpd + mpc (update --wait);
# file, librsvg2-bin (rsvg-convert), libjpeg-turbo-progs (cjpeg): data/make-demo.sh, data/check-demo.sh, make icons.
# libcurl4-openssl-dev: network streams; openssl: the stream tests make a private CA and certificate.
# python3-mpd: an MPD client library the MPD front end tests drive; ncmpcpp (in tmux): a full-screen MPD client.
# python3-gi (with python3-dbus): a second MPRIS implementation the client tests use; mpv + mpv-mpris: a real
# third-party MPRIS player the client tests compare against playerctl (skipped when absent).
# gdb: bench/soak takes linnetd's thread stacks with it when linnetd stops answering (optional).
# snapserver + python3-musicbrainzngs: Snapcast's MPD plug-in (meta_mpd.py, with its imports) that
# SnapcastMetaMPDTests runs against the MPD front end, and the private snapserver SnapcastPluginTests run
# `linnet snapcast-plugin` under (both skipped when absent).
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
    pkg-config libdbus-1-dev libpulse-dev libmpg123-dev libsndfile1-dev \
    libsqlite3-dev \
    libcurl4-openssl-dev openssl \
    dbus dbus-x11 pulseaudio pulseaudio-utils playerctl systemd libglib2.0-bin \
    mpg123 flac lame sox libsox-fmt-mp3 vorbis-tools opus-tools espeak-ng id3v2 \
    python3-dbus python3-gi python3-mpd \
    mpv mpv-mpris mpd mpdris2 mpc ncmpcpp tmux \
    make file librsvg2-bin libjpeg-turbo-progs >/dev/null
apt-get install -y -qq --no-install-recommends gdb >/dev/null
apt-get install -y -qq --no-install-recommends snapserver python3-musicbrainzngs >/dev/null
# Snapcast outputs (issue 21): libsoxr-dev (the resampler, dlopen'ed when a track's rate differs from the stream's);
# snapclient: the rooms the multi-room tests and bench/run multiroom start (each into its own null sink).
apt-get install -y -qq --no-install-recommends libsoxr-dev snapclient >/dev/null
# AAC/M4A: libfaad-dev (decoder), librubberband-dev (rate with the pitch kept); ffmpeg makes AAC test media (tests
# only), python3-mutagen tags MP4 test media, faad is the decode-speed anchor of bench/decode.
apt-get install -y -qq --no-install-recommends libfaad-dev librubberband-dev ffmpeg faad python3-mutagen >/dev/null
# libstdc++-12-dev: `make` links libstdc++ statically (libstdc++.a; see the Makefile's STATIC_CXX).
apt-get install -y -qq --no-install-recommends libstdc++-12-dev >/dev/null
# make deb: debhelper (with dpkg-dev), lintian; make test-deb (packaging/test-deb.sh): debootstrap makes the bare
# Debian 12 it installs the package on. bash-completion, zsh, fish: CompletionTests drive linnet's completions.
apt-get install -y -qq --no-install-recommends debhelper dpkg-dev lintian debootstrap \
    bash-completion zsh fish >/dev/null
# Scrobbling (issue 23): libssl3's libcrypto gives MD5 for Last.fm's signatures (dlopen'ed; libcurl4 already needs
# it); the fake ListenBrainz and Last.fm servers of the tests are python3's standard library.
apt-get install -y -qq --no-install-recommends libssl3 >/dev/null
