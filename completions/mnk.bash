# bash completion for mnk (installed by `make install` as
# $(datadir)/bash-completion/completions/mnk; or source this file).
# The commands and each command's options are those of `mnk help COMMAND`;
# tests/install/completion.sh checks that they stay the same.

_mnk_options() {
    case $1 in
    best | analyze) echo "--rules --moves --json --seed --time --nodes --algorithm --table --weak --help" ;;
    count) echo "--rules --moves --json --nodes --table --help" ;;
    solve) echo "--rules --moves --json --time --nodes --threads --algorithm --table --weak --ask --split --help" ;;
    merge) echo "--table --help" ;;
    tree) echo "--rules --moves --time --nodes --depth --table --help" ;;
    play) echo "--rules --seed --time --as --level --two-players --watch --plain --table --help" ;;
    bench) echo "--algorithm --time --nodes --table --weak --help" ;;
    pbrain) echo "--k --exact --greedy --time --nodes --table --param --help" ;;
    table) echo "--max --time --nodes --table --json --help" ;;
    esac
}

_mnk() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="best analyze count solve merge tree play bench table pbrain help"
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
        return
    fi
    local cmd=${COMP_WORDS[1]}
    if [ "$cmd" = help ]; then
        [ "$COMP_CWORD" -eq 2 ] && mapfile -t COMPREPLY < <(compgen -W "${commands% help}" -- "$cur")
        return
    fi
    case $prev in
    --algorithm) mapfile -t COMPREPLY < <(compgen -W "alphabeta minimax" -- "$cur"); return ;;
    --level) mapfile -t COMPREPLY < <(compgen -W "easy medium hard perfect" -- "$cur"); return ;;
    --as) mapfile -t COMPREPLY < <(compgen -W "x o" -- "$cur"); return ;;
    --ask) mapfile -t COMPREPLY < <(compgen -W "win loss" -- "$cur"); return ;;
    --rules) mapfile -t COMPREPLY < <(compgen -W "3,3,3 4,4,3 4,4,4 5,5,4 7,6,4 9,9,5 15,15,5 20,20,5" -- "$cur"); return ;;
    --moves | --seed | --time | --nodes | --table | --depth | --max | --split | --param) return ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_mnk_options "$cmd")" -- "$cur")
    elif [ "$cmd" = bench ] || [ "$cmd" = merge ]; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

complete -F _mnk mnk
