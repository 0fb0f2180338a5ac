#!/bin/sh
# Checks the committed demo media against what data/README.md promises: formats, exact lengths, tags, pictures,
# gapless decoding, LRC stamps at the spoken words, total size. Prints one line per check; exits 1 if any fails.
# Usage: sh data/check-demo.sh   (needs file sox mpg123 id3v2 metaflac vorbis-tools opus-tools)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
D="$HERE/demo"
FAILS=0
W=$(mktemp -d "${TMPDIR:-/tmp}/linnet-check.XXXXXX")
trap 'rm -rf "$W"' EXIT INT TERM

ok() { echo "ok   $1"; }
bad() { echo "FAIL $1" >&2; FAILS=$((FAILS + 1)); }
# expect DESCRIPTION COMMAND...: passes when the command succeeds
expect() { d=$1; shift; if "$@" >/dev/null 2>&1; then ok "$d"; else bad "$d"; fi; }
has() { printf '%s\n' "$1" | grep -F -q -- "$2"; }

# Formats
expect "01 is MP3 with ID3v2.3" sh -c "file -b '$D/01-intro.mp3' | grep -q 'ID3 version 2.3.0.*layer III'"
expect "02 is FLAC" sh -c "file -b '$D/02-chords.flac' | grep -q '^FLAC audio'"
expect "05 is Ogg Vorbis" sh -c "file -b '$D/05-pluck.ogg' | grep -q 'Vorbis audio'"
expect "06 is Ogg Opus" sh -c "file -b '$D/06-bass.opus' | grep -q 'Opus audio'"
expect "07 is 16-bit PCM WAV, 22050 Hz" sh -c "file -b '$D/07-untagged.wav' | grep -q 'PCM, 16 bit, mono 22050 Hz'"
expect "folder-art/cover.jpg is a JPEG" sh -c "file -b '$D/folder-art/cover.jpg' | grep -q '^JPEG'"

# MP3: LAME header, decoded length exact (gapless), junction of the two halves continuous
for f in 01-intro 03-gapless-a 04-gapless-b folder-art/08-folder-art; do
    expect "$f.mp3 has a LAME header" grep -a -q 'LAME3.100' "$D/$f.mp3"
done
mpg123 -q -w "$W/a.wav" "$D/03-gapless-a.mp3" && mpg123 -q -w "$W/b.wav" "$D/04-gapless-b.mp3" &&
    mpg123 -q -w "$W/1.wav" "$D/01-intro.mp3"
for f in a b; do
    n=$(soxi -s "$W/$f.wav")
    [ "$n" = 352800 ] && ok "gapless half $f decodes to exactly 352800 samples" || bad "gapless half $f: $n samples"
done
n=$(soxi -s "$W/1.wav")
[ "$n" = 529200 ] && ok "01 decodes to exactly 12 s" || bad "01 decodes to $n samples"
# Largest sample-to-sample step across the junction vs. inside part one: a gap or a click would jump out.
sox "$W/a.wav" "$W/b.wav" "$W/join.wav" trim 7.9 0.2
sox "$W/a.wav" "$W/mid.wav" trim 5.4 0.2
jd=$(sox "$W/join.wav" -n stat 2>&1 | awk '/Maximum delta/ {print $3}')
md=$(sox "$W/mid.wav" -n stat 2>&1 | awk '/Maximum delta/ {print $3}')
if awk -v j="$jd" -v m="$md" 'BEGIN { exit !(j <= 2 * m) }'; then ok "gapless junction smooth (max step $jd vs $md)"
else bad "gapless junction max step $jd vs $md inside"; fi

# ID3v2
t=$(id3v2 -l "$D/01-intro.mp3")
for want in "TIT2 (Title/songname/content description): Linnet demo, track one" "TPE1 (Lead performer(s)/Soloist(s)): Linnet" \
    "TALB (Album/Movie/Show title): Linnet Demo" "TYER (Year): 2026" "TRCK (Track number/Position in set): 1/8" \
    "TCON (Content type): Speech (101)" "TPE2 (Band/orchestra/accompaniment): Linnet" "TCOM (Composer): Linnet developers" \
    "TPOS (Part of a set): 1/1" "APIC (Attached picture): ()[, 3]: image/jpeg, $(wc -c < "$D/art/front.jpg") bytes"; do
    has "$t" "$want" && ok "01: $want" || bad "01: missing $want"
done
t=$(id3v2 -l "$D/folder-art/08-folder-art.mp3")
has "$t" "TIT2 (Title/songname/content description): Linotte mélodieuse" && ok "08: UTF-16 title" || bad "08: title"
has "$t" "APIC" && bad "08 must carry no picture" || ok "08: no embedded picture"
t=$(id3v2 -l "$D/03-gapless-a.mp3")
has "$t" "TRCK (Track number/Position in set): 3/8" && ok "03: track 3/8" || bad "03: track"

# FLAC
t=$(metaflac --export-tags-to=- "$D/02-chords.flac")
for want in "TITLE=Chords in a FLAC" "ARTIST=Linnet" "ARTIST=SoX" "ALBUM=Linnet Demo" "TRACKNUMBER=2" "DATE=2026" \
    "GENRE=Ambient" "ALBUMARTIST=Linnet" "DISCNUMBER=1" "COMPOSER=Linnet developers"; do
    has "$t" "$want" && ok "02: $want" || bad "02: missing $want"
done
metaflac --block-type=PICTURE --export-picture-to="$W/pic" "$D/02-chords.flac" &&
    cmp -s "$W/pic" "$D/art/spectrogram.png" && ok "02: embedded picture is art/spectrogram.png" || bad "02: picture"
has "$(metaflac --list --block-type=PICTURE "$D/02-chords.flac")" "type: 3 (Cover (front))" &&
    ok "02: picture type front cover" || bad "02: picture type"

# Ogg Vorbis and Opus
t=$(vorbiscomment -l "$D/05-pluck.ogg")
for want in "title=Hänfling plucks" "artist=Linnet" "tracknumber=5" "date=2026-11-29" "LYRICS=[00:00.50]Track five."; do
    has "$t" "$want" && ok "05: $want" || bad "05: missing $want"
done
t=$(opusinfo "$D/06-bass.opus")
for want in "title=Opus bass line" "artist=SoX" "tracknumber=6" \
    "METADATA_BLOCK_PICTURE=3|image/jpeg|Front cover|128x128x24|<$(wc -c < "$D/art/front.jpg") bytes of image data>"; do
    has "$t" "$want" && ok "06: $want" || bad "06: missing $want"
done

# LRC: every stamp (line and word) is the onset of speech: quiet just before, loud just after.
for s in $(grep -o '[[<][0-9][0-9]:[0-9][0-9]\.[0-9][0-9][]>][A-Za-z]' "$D/01-intro.lrc" | cut -c2-9 | sort -u); do
    sec=$(echo "$s" | awk -F: '{ printf "%.2f", $1 * 60 + $2 }')
    before=$(sox "$W/1.wav" -n trim "$(awk -v s="$sec" 'BEGIN { print s - 0.15 }')" 0.12 stat 2>&1 | awk '/RMS +amplitude/ {print $3}')
    after=$(sox "$W/1.wav" -n trim "$sec" 0.12 stat 2>&1 | awk '/RMS +amplitude/ {print $3}')
    if awk -v b="$before" -v a="$after" 'BEGIN { exit !(a > 2 * b) }'; then ok "lrc $s: speech starts (rms $before -> $after)"
    else bad "lrc $s: no onset (rms $before -> $after)"; fi
done

# Size
kb=$(du -sk "$D" | cut -f1)
[ "$kb" -lt 2048 ] && ok "demo/ is $kb KiB (< 2 MiB)" || bad "demo/ is $kb KiB"

[ "$FAILS" = 0 ] && echo "all demo checks passed" || { echo "$FAILS demo checks failed" >&2; exit 1; }
