# bash completion for linnet(1). Installed as /usr/share/bash-completion/completions/linnet.
# LinnetCLITests.CompletionTests checks that every command, subcommand and option of `linnet --help` is here.

_linnet_players() {
    linnet players 2>/dev/null | while read -r name _; do printf '%s\n' "$name"; done
}

_linnet() {
    local cur prev words cword
    _init_completion || return

    local commands="play pause toggle stop next previous seek position volume loop balance shuffle open queue
        radio status lyrics library search playlist effect record output scrobble players snapcast-plugin help"
    local filters="--artist --album --albumartist --genre --composer --year --playlist --text"
    # Options followed by a value.
    local valued="-p --player --format --range --volume --source --rate --channels --bits --quality $filters"

    # The command and its subcommand: the first words that are neither options nor an option's value.
    local i command="" sub="" after=0
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
        -*) [[ " $valued " == *" ${words[i]} "* ]] && ((i++)) ;;
        *)
            if [[ -z $command ]]; then
                command=${words[i]}
            elif [[ -z $sub ]]; then
                sub=${words[i]}
            else
                after=1
            fi
            ;;
        esac
    done

    case $prev in
    -p | --player)
        COMPREPLY=($(compgen -W "$(_linnet_players)" -- "$cur"))
        return
        ;;
    --format)
        # record's formats; status --format takes a template.
        [[ $command == record ]] && COMPREPLY=($(compgen -W "wav flac ogg opus caf" -- "$cur"))
        return
        ;;
    --bits)
        COMPREPLY=($(compgen -W "s16 s24 s32 float" -- "$cur"))
        return
        ;;
    *)
        [[ " $valued " == *" $prev "* ]] && return
        ;;
    esac

    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "-p --player -h --help -V --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        fi
        return
    fi

    case $command in
    loop) [[ -z $sub ]] && COMPREPLY=($(compgen -W "none track playlist" -- "$cur")) ;;
    shuffle) [[ -z $sub ]] && COMPREPLY=($(compgen -W "on off toggle" -- "$cur")) ;;
    help) [[ -z $sub ]] && COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
    open)
        if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--replace" -- "$cur")); else _filedir; fi
        ;;
    queue)
        if [[ -z $sub ]]; then
            COMPREPLY=($(compgen -W "list add remove move goto clear --range --json" -- "$cur"))
        elif [[ $sub == list ]]; then
            COMPREPLY=($(compgen -W "--range --json" -- "$cur"))
        elif [[ $sub == add ]]; then
            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--next" -- "$cur")); else _filedir; fi
        fi
        ;;
    radio) [[ -z $sub ]] && COMPREPLY=($(compgen -W "list add remove play" -- "$cur")) ;;
    status) COMPREPLY=($(compgen -W "--follow --exit-when-stopped --format --json --meter" -- "$cur")) ;;
    lyrics) COMPREPLY=($(compgen -W "--follow --exit-when-stopped" -- "$cur")) ;;
    search) [[ $cur == -* ]] && COMPREPLY=($(compgen -W "--json" -- "$cur")) ;;
    library)
        if [[ -z $sub && $cur != -* ]]; then
            COMPREPLY=($(compgen -W "songs albums artists albumartists genres composers playlists play add next
                rescan" -- "$cur"))
        elif [[ $sub != rescan ]]; then
            COMPREPLY=($(compgen -W "$filters --json" -- "$cur"))
        fi
        ;;
    playlist)
        if [[ -z $sub ]]; then
            COMPREPLY=($(compgen -W "list show create rename add remove move delete export" -- "$cur"))
        elif [[ $cur == -* ]]; then
            case $sub in
            list | show) COMPREPLY=($(compgen -W "--json" -- "$cur")) ;;
            add) COMPREPLY=($(compgen -W "--artist --album --genre --composer --year --text" -- "$cur")) ;;
            esac
        elif [[ $sub == export && $after == 1 ]]; then
            _filedir
        fi
        ;;
    effect)
        if [[ -z $sub ]]; then
            COMPREPLY=($(compgen -W "load play" -- "$cur"))
        elif [[ $cur == -* ]]; then
            [[ $sub == play ]] && COMPREPLY=($(compgen -W "--volume --alert" -- "$cur"))
        else
            _filedir
        fi
        ;;
    record)
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--monitor --source --format --rate --channels --bits --quality --meter" -- "$cur"))
        else
            _filedir
        fi
        ;;
    scrobble)
        if [[ -z $sub ]]; then
            COMPREPLY=($(compgen -W "status enable disable login" -- "$cur"))
        elif [[ $sub == status ]]; then
            COMPREPLY=($(compgen -W "--json" -- "$cur"))
        elif [[ $sub == login ]]; then
            COMPREPLY=($(compgen -W "lastfm" -- "$cur"))
        fi
        ;;
    output)
        if [[ -z $sub ]]; then
            COMPREPLY=($(compgen -W "list enable disable" -- "$cur"))
        elif [[ $sub == list ]]; then
            COMPREPLY=($(compgen -W "--json" -- "$cur"))
        fi
        ;;
    snapcast-plugin)
        COMPREPLY=($(compgen -W "--stream= --snapcast-host= --snapcast-port=" -- "$cur"))
        [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace
        ;;
    seek | position | volume | balance | play | pause | toggle | stop | next | previous | players) ;;
    esac
} && complete -F _linnet linnet
