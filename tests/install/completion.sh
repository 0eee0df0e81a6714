#!/usr/bin/env bash
# tests/install/completion.sh PREFIX - the shell completions installed in
# PREFIX, as a user meets them: in bash, zsh and fish, each started in a
# private tmux with the installed completion, Tab completes a command, an
# option and an option's value on the command line; and each shell offers
# every command exactly the options `mnk help COMMAND` lists. Nothing
# sleeps for a fixed time: every step polls for the text it expects.
set -u
prefix=$1
export PATH="$prefix/bin:$PATH"
. "$(dirname "$0")/../lib.sh"
TIMEOUT=20
# A private tmux server per shell (a fresh socket each time: a server just
# killed may still be going away).
servers=0
T=()
trap 'for ((i = 1; i <= servers; i++)); do tmux -L "mnk-compl-$$-$i" kill-server 2>/dev/null; done; rm -rf "$tmp"' EXIT

bash_c=$prefix/share/bash-completion/completions/mnk
zsh_d=$prefix/share/zsh/site-functions
fish_d=$prefix/share/fish/vendor_completions.d
for f in "$bash_c" "$zsh_d/_mnk" "$fish_d/mnk.fish"; do
    if [ -f "$f" ]; then ok; else bad "installed: $f"; fi
done

commands="best analyze count solve merge tree play bench table pbrain"
help_options() { mnk help "$1" | grep -oE '^  --[a-z-]+' | tr -d ' ' | sort | tr '\n' ' '; }

# --- every command's options, as each shell offers them ---------------------------
bash_options() {
    bash --norc -c '. "$1"; COMP_WORDS=(mnk "$2" --); COMP_CWORD=2; _mnk; printf "%s\n" "${COMPREPLY[@]}"' \
        _ "$bash_c" "$1" | sort | tr '\n' ' '
}
fish_options() {
    fish --no-config -c "set fish_complete_path $fish_d \$fish_complete_path; complete -C 'mnk $1 --'" |
        cut -f1 | sort | tr '\n' ' '
}
for cmd in $commands; do
    want="$(help_options "$cmd")--help "
    want=$(printf '%s\n' $want | sort | tr '\n' ' ')
    got=$(bash_options "$cmd")
    if [ "$got" = "$want" ]; then ok; else bad "bash: mnk $cmd --<Tab>: [$got], mnk help $cmd: [$want]"; fi
    got=$(fish_options "$cmd")
    if [ "$got" = "$want" ]; then ok; else bad "fish: mnk $cmd --<Tab>: [$got], mnk help $cmd: [$want]"; fi
done

# --- at the prompt: Tab completes ---------------------------------------------------
cap() { "${T[@]}" capture-pane -p -t sh 2>/dev/null; }
line_is() { cap | grep -qE -- "^\\\$ $1\$"; }
screen_has() { cap | grep -qE -- "$1"; }
# shell NAME COMMAND: a fresh shell in tmux with the prompt '$ '.
shell() {
    [ "${#T[@]}" -gt 0 ] && "${T[@]}" kill-server 2>/dev/null
    servers=$((servers + 1))
    T=(tmux -L "mnk-compl-$$-$servers" -f /dev/null)
    "${T[@]}" new-session -d -s sh -x 120 -y 30 "$2" || { bad "$1: tmux"; return 1; }
    until_true screen_has '^\$' || { bad "$1: no prompt"; return 1; }
}
# tab NAME TYPED EXPECTED-LINE: types TYPED, Tab, and waits for the line.
tab() {
    "${T[@]}" send-keys -t sh -l "$2"
    "${T[@]}" send-keys -t sh Tab
    if until_true line_is "$3"; then ok; else bad "$1: [$2<Tab>] should give [$3]"; printf '%s\n' "$(cap)"; fi
    "${T[@]}" send-keys -t sh C-u
}
# Each shell's start-up file: the prompt '$ ' and the installed completion.
export ZDOTDIR=$tmp XDG_CONFIG_HOME=$tmp/xdg
mkdir -p "$tmp/xdg/fish"
cat >"$tmp/bashrc" <<BASH
PS1='\$ '
. $bash_c
BASH
cat >"$tmp/xdg/fish/config.fish" <<FISH
function fish_prompt; echo -n '\$ '; end
function fish_greeting; end
set fish_complete_path $fish_d \$fish_complete_path
FISH
cat >"$tmp/.zshrc" <<ZSH
PS1='\$ '
fpath=($zsh_d \$fpath)
autoload -U compinit && compinit -u -d $tmp/zcompdump
ZSH
for sh in bash zsh fish; do
    case $sh in
    bash) shell bash "bash --noprofile --rcfile $tmp/bashrc -i" || continue ;;
    zsh) shell zsh "zsh -i" || continue ;;
    fish) shell fish "fish -i" || continue ;;
    esac
    until_true screen_has '^\$' || bad "$sh: prompt"
    tab "$sh: a command" "mnk ana" 'mnk analyze ?'
    tab "$sh: an option" "mnk play --lev" 'mnk play --level[ =]?'
    tab "$sh: an option's value" "mnk play --level per" 'mnk play --level perfect ?'
    tab "$sh: help's command" "mnk help sol" 'mnk help solve ?'
done

finish
