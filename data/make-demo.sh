#!/bin/sh
# Makes Linnet's bundled demo media in data/demo/ (plus data/demo.m3u8 and data/demo.pls) from our own sources
# only: speech from espeak-ng, tones from sox, pictures drawn by awk or sox. Deterministic: the same tool versions
# give the same bytes (fixed Ogg serial numbers, sox in repeatable mode, no dates or random names in any file).
# Usage: sh data/make-demo.sh   (needs espeak-ng sox lame flac metaflac vorbis-tools opus-tools libjpeg-turbo-progs)
# KEEP_WORK=1 keeps the intermediate WAVs in the temporary directory for inspection.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/demo"
RATE=44100
ALBUM="Linnet Demo"
ARTIST="Linnet"
YEAR=2026
COMMENT="Made by data/make-demo.sh from espeak-ng speech and sox tones; CC0"
COMPOSER="Linnet developers"
TOTAL=8

for tool in espeak-ng sox soxi lame flac metaflac oggenc opusenc cjpeg awk; do
    command -v "$tool" >/dev/null 2>&1 || { echo "make-demo.sh: '$tool' not found (run packaging/debian-deps.sh)" >&2; exit 1; }
done

W=$(mktemp -d "${TMPDIR:-/tmp}/linnet-demo.XXXXXX")
[ -n "${KEEP_WORK:-}" ] || trap 'rm -rf "$W"' EXIT INT TERM
STAGE="$W/out/demo"
mkdir -p "$STAGE/art" "$STAGE/folder-art"

# sox in repeatable mode: the pluck synth's noise and the dither come out the same on every run.
sx() { sox -R "$@"; }

# --- Speech and its timeline ------------------------------------------------------------------------------------
# A timeline places spoken phrases one after another on a voice track and records, in centiseconds, where each
# phrase starts; those stamps are exactly where the words are heard, so the LRC file can be written from them.

SEG_N=0        # number of segment files in the current timeline
END_SAMPLES=0  # length of the voice track so far
STAMP=0        # start of the last phrase placed, centiseconds

tl_reset() { SEG_N=0; END_SAMPLES=0; rm -f "$W"/seg.*.wav; }

# tl_say TEXT MIN_START_CS MIN_GAP_CS: speak TEXT at MIN_START_CS or MIN_GAP_CS after the previous phrase, whichever
# is later (rounded up to a whole centisecond). Leading and trailing silence of the speech is trimmed so the stamp
# is the onset of the first word.
tl_say() {
    espeak-ng -v en -s 150 -w "$W/say.raw.wav" "$1"
    sx "$W/say.raw.wav" -r "$RATE" -b 16 "$W/say.wav" silence 1 0.02 1% reverse silence 1 0.02 1% reverse gain -n -3
    n=$(soxi -s "$W/say.wav")
    after_gap=$(( (END_SAMPLES + $3 * RATE / 100 + RATE / 100 - 1) / (RATE / 100) ))
    STAMP=$2
    [ "$after_gap" -gt "$STAMP" ] && STAMP=$after_gap
    pad=$(( STAMP * RATE / 100 - END_SAMPLES ))
    SEG_N=$((SEG_N + 1))
    sx "$W/say.wav" "$W/seg.$(printf %03d $SEG_N).wav" pad "${pad}s"
    END_SAMPLES=$(( STAMP * RATE / 100 + n ))
    SAY_END=$(( (END_SAMPLES + RATE / 100 - 1) / (RATE / 100) ))   # end of this phrase, centiseconds (rounded up)
}

# tl_finish OUT SECONDS: the voice track, padded with silence to exactly SECONDS.
tl_finish() {
    total=$(( $2 * RATE ))
    [ "$END_SAMPLES" -le "$total" ] || { echo "make-demo.sh: speech runs past $2 s in $1" >&2; exit 1; }
    sx "$W"/seg.*.wav "$1" pad 0 "$(( total - END_SAMPLES ))s"
}

# cs_stamp CS: centiseconds as an LRC stamp mm:ss.xx
cs_stamp() { printf '%02d:%02d.%02d' $(( $1 / 6000 )) $(( $1 / 100 % 60 )) $(( $1 % 100 )); }

# mix OUT VOICE BED: speech over its music bed, unscaled (levels are set where each is made).
mix() { sx -m -v 1 "$2" -v 1 "$3" "$1"; }

# --- Pictures ---------------------------------------------------------------------------------------------------

# draw_cover OUT.jpg R1 G1 B1 R2 G2 B2 LR LG LB: a 128x128 record on a vertical gradient, drawn as a plain PPM by
# awk and compressed by cjpeg (no image library needed).
draw_cover() {
    out=$1; shift
    awk -v c="$*" 'BEGIN {
        split(c, k, " "); n = 128; cx = 63.5; cy = 63.5; r = 54
        print "P3"; print n, n; print 255
        for (y = 0; y < n; y++) {
            line = ""
            for (x = 0; x < n; x++) {
                t = y / (n - 1)
                R = k[1] + (k[4] - k[1]) * t; G = k[2] + (k[5] - k[2]) * t; B = k[3] + (k[6] - k[3]) * t
                d = sqrt((x - cx) ^ 2 + (y - cy) ^ 2)
                if (d < r && d >= 3) {
                    if (d < r * 0.36) { R = k[7]; G = k[8]; B = k[9] }                 # label
                    else if (int(d) % 4 == 0) { R = 52; G = 50; B = 56 }              # groove
                    else { R = 24; G = 22; B = 28 }
                    if (d >= r * 0.36 && (x - cx) > 0 && (cy - y) > 0 && (x - cx) < (cy - y) * 0.45) {
                        R += 40; G += 40; B += 44                                     # sheen
                    }
                }
                line = line sprintf("%d %d %d ", R, G, B)
            }
            print line
        }
    }' > "$W/cover.ppm"
    cjpeg -quality 82 -optimize -outfile "$out" "$W/cover.ppm"
}

# Embedded front cover (MP3 track 1 and Opus track 6): a red-labelled record on a dusk gradient.
draw_cover "$STAGE/art/front.jpg" 236 150 84 96 52 110 200 40 52
# Folder image for folder-art/ (no embedded picture there): a yellow-labelled record on a green gradient.
draw_cover "$STAGE/folder-art/cover.jpg" 120 190 130 30 80 70 240 200 60

# --- 1: spoken intro over a quiet chord, MP3 with ID3v2 tags, embedded cover and an LRC file beside it ----------
tl_reset
tl_say "Linnet demo, track one." 50 0;                 L1=$STAMP
tl_say "A music player for the Linux desktop." 0 40;  L2=$STAMP
tl_say "One." 0 60;   W1=$STAMP
tl_say "Two." 0 25;   W2=$STAMP
tl_say "Three." 0 25; W3=$STAMP
tl_say "Four." 0 25;  W4=$STAMP; W_END=$SAY_END
tl_say "These words are timed lyrics." 0 60;           L4=$STAMP
L5=$(( SAY_END + 50 ))
T1=12
tl_finish "$W/voice1.wav" $T1
sx -r $RATE -c 3 -n -b 16 "$W/bed1.wav" synth $T1 sine 220 sine 261.63 sine 329.63 remix 1-3 \
    tremolo 0.3 30 gain -n -22 fade q 1.5 $T1 2
mix "$W/track1.wav" "$W/voice1.wav" "$W/bed1.wav"
lame --quiet -V 6 --add-id3v2 --tt "Linnet demo, track one" --ta "$ARTIST" --tl "$ALBUM" --ty $YEAR \
    --tn "1/$TOTAL" --tg "Speech" --tc "$COMMENT" --tv "TPE2=$ARTIST" --tv "TCOM=$COMPOSER" --tv "TPOS=1/1" \
    --ti "$STAGE/art/front.jpg" "$W/track1.wav" "$STAGE/01-intro.mp3"
# lame writes the APIC picture type as 0 ("Other"); make it 3 ("Cover (front)"), what taggers write and players
# prefer. The frame is "APIC" size(4) flags(2), then encoding(1) "image/jpeg" NUL type(1) description NUL data.
mime_at=$(grep -abo 'image/jpeg' "$STAGE/01-intro.mp3" | head -n 1 | cut -d: -f1)
[ "$(dd if="$STAGE/01-intro.mp3" bs=1 skip=$((mime_at - 11)) count=4 2>/dev/null)" = APIC ] &&
    [ "$(od -An -tu1 -j $((mime_at + 11)) -N 1 "$STAGE/01-intro.mp3" | tr -d ' ')" = 0 ] ||
    { echo "make-demo.sh: unexpected APIC layout from lame" >&2; exit 1; }
printf '\003' | dd of="$STAGE/01-intro.mp3" bs=1 seek=$((mime_at + 11)) conv=notrunc 2>/dev/null
{
    printf '[ti:Linnet demo, track one]\n[ar:%s]\n[al:%s]\n[by:data/make-demo.sh]\n[length:%02d:%02d]\n' \
        "$ARTIST" "$ALBUM" $(( T1 / 60 )) $(( T1 % 60 ))
    printf '[%s]Linnet demo, track one.\n' "$(cs_stamp $L1)"
    printf '[%s]A music player for the Linux desktop.\n' "$(cs_stamp $L2)"
    printf '[%s]<%s>One <%s>two <%s>three <%s>four<%s>\n' "$(cs_stamp $W1)" "$(cs_stamp $W1)" "$(cs_stamp $W2)" \
        "$(cs_stamp $W3)" "$(cs_stamp $W4)" "$(cs_stamp $W_END)"
    printf '[%s]These words are timed lyrics.\n' "$(cs_stamp $L4)"
    printf '[%s]\n' "$(cs_stamp $L5)"
} > "$STAGE/01-intro.lrc"

# --- 2: chord progression, FLAC with Vorbis comments (two artists) and an embedded PNG picture ------------------
chord() { sx -r $RATE -c 3 -n -b 16 "$W/$1.wav" synth 2 sine "$2" sine "$3" sine "$4" remix 1-3 gain -n -12 fade q 0.05 2 0.4; }
chord c 261.63 329.63 392.00
chord am 220.00 261.63 329.63
chord f 174.61 220.00 261.63
chord g 196.00 246.94 293.66
sx "$W/c.wav" "$W/am.wav" "$W/f.wav" "$W/g.wav" "$W/bed2.wav"
tl_reset
tl_say "Track two. Chords, in a FLAC file." 50 0
tl_finish "$W/voice2.wav" 8
mix "$W/track2.wav" "$W/voice2.wav" "$W/bed2.wav"
# The picture is the track's own spectrogram: raw (no axes or text), 128x128, few colours so it stays small.
sx "$W/track2.wav" -n spectrogram -r -x 128 -y 128 -q 16 -o "$STAGE/art/spectrogram.png"
flac --silent --best --no-padding -o "$STAGE/02-chords.flac" "$W/track2.wav"
metaflac --set-tag="TITLE=Chords in a FLAC" --set-tag="ARTIST=$ARTIST" --set-tag="ARTIST=SoX" \
    --set-tag="ALBUM=$ALBUM" --set-tag="ALBUMARTIST=$ARTIST" --set-tag="TRACKNUMBER=2" --set-tag="TRACKTOTAL=$TOTAL" \
    --set-tag="DISCNUMBER=1" --set-tag="DISCTOTAL=1" --set-tag="DATE=$YEAR" --set-tag="GENRE=Ambient" \
    --set-tag="COMPOSER=$COMPOSER" --set-tag="COMMENT=$COMMENT" \
    --import-picture-from="3|image/png|Front cover||$STAGE/art/spectrogram.png" "$STAGE/02-chords.flac"

# --- 3 and 4: one continuous 16 s piece cut at exactly 8 s into two MP3s (LAME header: encoder delay/padding) ----
tl_reset
tl_say "Gapless, part one." 50 0
tl_say "Part two." 850 0
tl_finish "$W/voice34.wav" 16
sx "$W/voice34.wav" -c 2 "$W/voice34s.wav" remix 1 1
sx -r $RATE -c 2 -n -b 16 "$W/bed34.wav" synth 16 sine 220:330 sine 330:495 tremolo 2 20 gain -n -14 fade q 0.5 16 1.5
mix "$W/piece34.wav" "$W/voice34s.wav" "$W/bed34.wav"
HALF=$(( 8 * RATE ))
sx "$W/piece34.wav" "$W/track3.wav" trim 0 "${HALF}s"
sx "$W/piece34.wav" "$W/track4.wav" trim "${HALF}s"
for part in 3 4; do
    [ $part = 3 ] && name="one" || name="two"
    lame --quiet -V 6 --add-id3v2 --id3v2-latin1 --tt "Gapless, part $name" --ta "$ARTIST" --tl "$ALBUM" --ty $YEAR \
        --tn "$part/$TOTAL" --tg "Electronic" --tc "$COMMENT" --tv "TPE2=$ARTIST" --tv "TPOS=1/1" \
        "$W/track$part.wav" "$STAGE/0$part-gapless-$([ $part = 3 ] && echo a || echo b).mp3"
done

# --- 5: plucked strings, Ogg Vorbis with UTF-8 title and embedded (LRC-stamped) LYRICS comment ------------------
notes="A3 C4 D4 E4 G4 E4 D4 C4 A3 C4 D4 E4 G4 A4 G4 E4 D4 C4 A3 A3"
set --   # one effects chain per note, joined by ':' (sox concatenates their outputs)
for note in $notes; do [ $# -gt 0 ] && set -- "$@" :; set -- "$@" synth 0.5 pluck "$note" gain -6; done
sx -r $RATE -c 1 -n -e floating-point -b 32 "$W/bed5.wav" "$@"
sx "$W/bed5.wav" -b 16 "$W/bed5t.wav" trim 0 10 gain -n -14   # after the chains: effects after ':' apply to the last only
tl_reset
tl_say "Track five. Plucked strings, in Ogg Vorbis." 50 0; L1=$STAMP
tl_finish "$W/voice5.wav" 10
mix "$W/track5.wav" "$W/voice5.wav" "$W/bed5t.wav"
oggenc --quiet -q 2 --serial 1095649365 -t "Hänfling plucks" -a "$ARTIST" -l "$ALBUM" -N 5 -d "$YEAR-11-29" \
    -G "Folk" -c "ALBUMARTIST=$ARTIST" -c "TRACKTOTAL=$TOTAL" -c "DISCNUMBER=1" -c "COMPOSER=$COMPOSER" \
    -c "COMMENT=$COMMENT" -c "LYRICS=[$(cs_stamp $L1)]Track five. Plucked strings, in Ogg Vorbis." \
    -o "$STAGE/05-pluck.ogg" "$W/track5.wav"

# --- 6: bass line, Opus with tags and an embedded picture (METADATA_BLOCK_PICTURE) -------------------------------
set --
for note in A1 A2 E2 A2 C2 C3 G2 C3 F1 F2 C2 F2 E1 E2 B1 E2 A1 A2 E2 A2; do
    [ $# -gt 0 ] && set -- "$@" :; set -- "$@" synth 0.5 triangle "$note" gain -6 fade q 0.01 0.5 0.1
done
sx -r $RATE -c 1 -n -e floating-point -b 32 "$W/bed6.wav" "$@"
sx "$W/bed6.wav" -b 16 "$W/bed6t.wav" trim 0 10 lowpass 900 gain -n -10
tl_reset
tl_say "Track six. A bass line, in Opus." 50 0
tl_finish "$W/voice6.wav" 10
mix "$W/track6.wav" "$W/voice6.wav" "$W/bed6t.wav"
opusenc --quiet --bitrate 40 --serial 1095649366 --title "Opus bass line" --artist "$ARTIST" --artist "SoX" \
    --album "$ALBUM" --tracknumber 6 --date "$YEAR" --genre "Electronic" --comment "ALBUMARTIST=$ARTIST" \
    --comment "TRACKTOTAL=$TOTAL" --comment "DISCNUMBER=1" --comment "COMPOSER=$COMPOSER" \
    --comment "COMMENT=$COMMENT" --picture "3||Front cover||$STAGE/art/front.jpg" \
    "$W/track6.wav" "$STAGE/06-bass.opus"

# --- 7: a WAV with no tags at all (the title falls back to the file name), 22.05 kHz to exercise resampling -----
tl_reset
tl_say "Track seven. A wave file, with no tags." 50 0
tl_finish "$W/voice7.wav" 6
sx -r $RATE -c 1 -n -b 16 "$W/bed7.wav" synth 6 sine 440 tremolo 4 40 gain -n -24 fade q 0.5 6 1
mix "$W/track7.wav" "$W/voice7.wav" "$W/bed7.wav"
sx "$W/track7.wav" -r 22050 -b 16 -e signed-integer "$STAGE/07-untagged.wav"

# --- 8: folder-art/, an MP3 with UTF-16 tags and no embedded picture; the folder's cover.jpg is its art --------
tl_reset
tl_say "Track eight. The picture comes from the folder." 50 0
tl_finish "$W/voice8.wav" 8
sx -r $RATE -c 3 -n -b 16 "$W/bed8.wav" synth 8 sine 196 sine 246.94 sine 293.66 remix 1-3 \
    tremolo 0.5 30 gain -n -22 fade q 1 8 1.5
mix "$W/track8.wav" "$W/voice8.wav" "$W/bed8.wav"
lame --quiet -V 6 --add-id3v2 --id3v2-utf16 --tt "Linotte mélodieuse" --ta "$ARTIST" --tl "$ALBUM" --ty $YEAR \
    --tn "8/$TOTAL" --tg "Ambient" --tc "$COMMENT" --tv "TPE2=$ARTIST" --tv "TPOS=1/1" \
    "$W/track8.wav" "$STAGE/folder-art/08-folder-art.mp3"

# --- Playlists (in data/, beside demo/, so queueing the demo folder does not also expand them) -----------------
# entries: PATH|LENGTH_S|TITLE (title as "Artist - Title"; the untagged WAV by its file name)
cat > "$W/entries" <<EOF
demo/01-intro.mp3|$T1|$ARTIST - Linnet demo, track one
demo/02-chords.flac|8|$ARTIST - Chords in a FLAC
demo/03-gapless-a.mp3|8|$ARTIST - Gapless, part one
demo/04-gapless-b.mp3|8|$ARTIST - Gapless, part two
demo/05-pluck.ogg|10|$ARTIST - Hänfling plucks
demo/06-bass.opus|10|$ARTIST - Opus bass line
demo/07-untagged.wav|6|07-untagged
demo/folder-art/08-folder-art.mp3|8|$ARTIST - Linotte mélodieuse
EOF
{
    echo "#EXTM3U"
    while IFS='|' read -r path len title; do printf '#EXTINF:%s,%s\n%s\n' "$len" "$title" "$path"; done < "$W/entries"
} > "$W/out/demo.m3u8"
{
    echo "[playlist]"
    i=0
    while IFS='|' read -r path len title; do
        i=$((i + 1)); printf 'File%d=%s\nTitle%d=%s\nLength%d=%s\n' $i "$path" $i "$title" $i "$len"
    done < "$W/entries"
    printf 'NumberOfEntries=%d\nVersion=2\n' "$i"
} > "$W/out/demo.pls"

# --- Put it in place: replace data/demo and the playlists as a whole --------------------------------------------
rm -rf "$OUT"
mv "$STAGE" "$OUT"
mv "$W/out/demo.m3u8" "$W/out/demo.pls" "$HERE/"
echo "make-demo.sh: wrote $OUT ($(du -sk "$OUT" | cut -f1) KiB), $HERE/demo.m3u8, $HERE/demo.pls"
