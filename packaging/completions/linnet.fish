# fish completion for linnet(1). Installed as /usr/share/fish/vendor_completions.d/linnet.fish.
# LinnetCLITests.CompletionTests checks that every command, subcommand and option of `linnet --help` is here.

set -l commands play pause toggle stop next previous seek position volume loop balance shuffle open queue radio \
    status lyrics library search playlist effect record output scrobble players snapcast-plugin help

function __linnet_players
    command -q linnet; or return
    linnet players 2>/dev/null | string replace -r ' .*' ''
end

complete -c linnet -f
complete -c linnet -s p -l player -x -a '(__linnet_players)' -d 'The player to control'
complete -c linnet -s h -l help -d 'Show help'
complete -c linnet -s V -l version -d 'Print the version'

complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a play -d 'Start or resume playback'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a pause -d 'Pause playback'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a toggle -d 'Pause if playing, play otherwise'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a stop -d 'Stop playback'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a next -d 'Go to the next track'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a previous -d 'Go to the previous track'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a seek -d 'Move forward or back by SECONDS'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a position -d 'Print the position, or jump'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a volume -d 'Print or change the volume'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a loop -d 'Print or set the loop mode'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a balance -d 'Print or set the balance'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a shuffle -d 'Print or set shuffle'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a open -d 'Play files, folders or URIs now'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a queue -d 'List or edit the whole queue'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a radio -d 'Radio stations'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a status -d 'Show what is playing'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a lyrics -d 'Print the lyrics'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a library -d 'Browse the media library'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a search -d 'Find songs'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a playlist -d "List or edit playlists"
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a effect -d 'Load or play a sound effect'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a record -d 'Record from a source to a file'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a output -d 'List or switch the outputs'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a scrobble -d 'Scrobbling: status, on, off, Last.fm login'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a players -d 'List the MPRIS players'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a snapcast-plugin -d 'Snapcast stream plug-in'
complete -c linnet -n "not __fish_seen_subcommand_from $commands" -a help -d 'Show help'

complete -c linnet -n "__fish_seen_subcommand_from help" -a "$commands"
complete -c linnet -n "__fish_seen_subcommand_from loop" -a 'none track playlist'
complete -c linnet -n "__fish_seen_subcommand_from shuffle" -a 'on off toggle'
complete -c linnet -n "__fish_seen_subcommand_from open" -F -l replace -d 'The queue becomes just these'

set -l queue_subcommands list add remove move goto clear
complete -c linnet -n "__fish_seen_subcommand_from queue; and not __fish_seen_subcommand_from $queue_subcommands" \
    -a "$queue_subcommands"
complete -c linnet -n "__fish_seen_subcommand_from queue" -l range -x -d 'Only entries A to B'
complete -c linnet -n "__fish_seen_subcommand_from queue" -l json -d 'An array of objects'
complete -c linnet -n "__fish_seen_subcommand_from queue; and __fish_seen_subcommand_from add" -F -l next \
    -d 'Right after the current track'

set -l radio_subcommands list add remove play
complete -c linnet -n "__fish_seen_subcommand_from radio; and not __fish_seen_subcommand_from $radio_subcommands" \
    -a "$radio_subcommands"

complete -c linnet -n "__fish_seen_subcommand_from status lyrics" -s f -l follow -d 'Keep a live line'
complete -c linnet -n "__fish_seen_subcommand_from status lyrics" -l exit-when-stopped -d 'Exit once stopped'
complete -c linnet -n "__fish_seen_subcommand_from status" -l format -x -d 'A template of {{fields}}'
complete -c linnet -n "__fish_seen_subcommand_from status search" -l json -d 'Print JSON'
complete -c linnet -n "__fish_seen_subcommand_from status" -l meter -d 'Live level bars'

set -l library_words songs albums artists albumartists genres composers playlists play add next rescan
complete -c linnet -n "__fish_seen_subcommand_from library; and not __fish_seen_subcommand_from $library_words" \
    -a "$library_words"
for filter in artist album albumartist genre composer year playlist text
    complete -c linnet -n "__fish_seen_subcommand_from library" -l $filter -x
end
complete -c linnet -n "__fish_seen_subcommand_from library" -l json -d 'One JSON object per row'

set -l playlist_subcommands list show create rename add remove move delete export
complete -c linnet -n "__fish_seen_subcommand_from playlist; and not __fish_seen_subcommand_from $playlist_subcommands" \
    -a "$playlist_subcommands"
complete -c linnet -n "__fish_seen_subcommand_from playlist; and __fish_seen_subcommand_from list show" -l json \
    -d 'One JSON object per row'
for filter in artist album genre composer year text
    complete -c linnet -n "__fish_seen_subcommand_from playlist; and __fish_seen_subcommand_from add" -l $filter -x
end
complete -c linnet -n "__fish_seen_subcommand_from playlist; and __fish_seen_subcommand_from export" -F

complete -c linnet -n "__fish_seen_subcommand_from effect; and not __fish_seen_subcommand_from load play" \
    -a 'load play'
complete -c linnet -n "__fish_seen_subcommand_from effect; and __fish_seen_subcommand_from load play" -F
complete -c linnet -n "__fish_seen_subcommand_from effect; and __fish_seen_subcommand_from play" -l volume -x \
    -d '0 to 4'
complete -c linnet -n "__fish_seen_subcommand_from effect; and __fish_seen_subcommand_from play" -l alert \
    -d 'Play it as an alert'

complete -c linnet -n "__fish_seen_subcommand_from record" -F
complete -c linnet -n "__fish_seen_subcommand_from record" -l monitor -d 'What the speakers play'
complete -c linnet -n "__fish_seen_subcommand_from record" -l source -x -d 'A source by name'
complete -c linnet -n "__fish_seen_subcommand_from record" -l format -x -a 'wav flac ogg opus caf'
complete -c linnet -n "__fish_seen_subcommand_from record" -l rate -x -d 'Sample rate'
complete -c linnet -n "__fish_seen_subcommand_from record" -l channels -x -d '1 to 8'
complete -c linnet -n "__fish_seen_subcommand_from record" -l bits -x -a 's16 s24 s32 float'
complete -c linnet -n "__fish_seen_subcommand_from record" -l quality -x -d '0 to 1'
complete -c linnet -n "__fish_seen_subcommand_from record" -l meter -d 'Live level bars'

complete -c linnet -n "__fish_seen_subcommand_from output; and not __fish_seen_subcommand_from list enable disable" \
    -a 'list enable disable'
complete -c linnet -n "__fish_seen_subcommand_from output; and __fish_seen_subcommand_from list" -l json \
    -d 'As a JSON array'

complete -c linnet -n "__fish_seen_subcommand_from snapcast-plugin" -l stream -x -d 'The Snapcast stream id'
complete -c linnet -n "__fish_seen_subcommand_from snapcast-plugin" -l snapcast-host -x -d 'snapserver host'
complete -c linnet -n "__fish_seen_subcommand_from snapcast-plugin" -l snapcast-port -x -d 'snapserver port'

complete -c linnet -n "__fish_seen_subcommand_from scrobble; and not __fish_seen_subcommand_from status enable disable login" \
    -a 'status enable disable login'
complete -c linnet -n "__fish_seen_subcommand_from scrobble; and __fish_seen_subcommand_from status" -l json \
    -d 'As JSON'
complete -c linnet -n "__fish_seen_subcommand_from scrobble; and __fish_seen_subcommand_from login" -a lastfm
