#!/bin/sh
# Regenerates the LRC seed corpus (inputs for LRCParserCorpusTests and future fuzzing) in ./lrc.
# Needs only printf and iconv (glibc). Run from this directory: ./make-lrc-corpus.sh
set -eu
cd "$(dirname "$0")/lrc"

printf '%s\n' '[ti:Linnet Song]' '[ar:The Birds]' '[al:Songs of the Field]' '[by:linnet]' '[length:01:05]' \
  '[re:some editor]' '' '[00:01.00]First line' '[00:03.50][00:20.25]Chorus, twice' '[00:05]Whole seconds' \
  '[00:07:50]Colon centiseconds' '[00:09.123]Milliseconds' '[1:10.5]Tenths, one-digit minutes' \
  '[00:12.00]' '[Chorus]' 'An untimed line' > basic.lrc

printf '%s\n' '[ti:Karaoke]' '[00:01.00]<00:01.00>Twin<00:01.40>kle <00:01.80>twin<00:02.20>kle<00:02.90>' \
  '[00:03.00]<00:03.00>lit<00:03.30>tle <00:03.60>star' > enhanced.lrc

printf '%s\n' '[offset:+500]' '[00:00.20]clamped to zero' '[00:02.00]shown at 1.5 s' > offset.lrc

# GB18030/GBK (many Chinese lyrics files): made from UTF-8 with iconv.
printf '%s\n' '[ti:月亮代表我的心]' '[ar:邓丽君]' '[00:10.00]你问我爱你有多深' '[00:15.00]我爱你有几分' \
  | iconv -f UTF-8 -t GBK > gbk.lrc

# UTF-16 LE and BE with BOM, CRLF line ends.
printf '[ti:UTF-16]\r\n[00:01.00]Ünïcödé ♪\r\n[00:02.00]second\r\n' | iconv -f UTF-8 -t UTF-16 > utf16-bom.lrc
{ printf '\377\376'; printf '[00:01.00]little endian\r\n[00:02.00]ℓ\r\n' | iconv -f UTF-8 -t UTF-16LE; } > utf16le.lrc
{ printf '\376\377'; printf '[00:01.00]big endian\r\n' | iconv -f UTF-8 -t UTF-16BE; } > utf16be.lrc

# UTF-8 with BOM and CRLF; a lone CR line end too.
printf '\357\273\277[ti:BOM]\r\n[00:01.00]crlf one\r\n[00:02.00]cr two\r[00:03.00]three\r\n' > bom-crlf.lrc

# Garbage: broken stamps, unterminated brackets, binary bytes.
printf '[00:1x.00]bad stamp\n[00:61.00]seconds too big\n[offset:abc]\n[00:01.00 unterminated\n\377\376\000garbage\n[00:02.00]<00:0z.00>bad word\n[99999:00.00]far\n' > garbage.lrc
