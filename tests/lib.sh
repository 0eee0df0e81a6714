# tests/lib.sh - what the shell test scripts share, sourced by them: the
# pass/fail counters, a scratch folder removed at exit (a script that sets
# its own EXIT trap removes it there), ok/bad, and the closing line.
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*"; }

# until_true CMD...: polls until CMD succeeds (true) or TIMEOUT seconds
# (default 20) pass (false): the tests wait for what they expect, never for
# a fixed time.
until_true() {
    local end=$((SECONDS + ${TIMEOUT:-20}))
    while ! "$@"; do
        [ "$SECONDS" -ge "$end" ] && return 1
        sleep 0.02
    done
}

# finish [LABEL]: prints "[LABEL: ]N passed, N failed"; fails if any did.
finish() {
    printf '%s%d passed, %d failed\n' "${1:+$1: }" "$pass" "$fail"
    [ "$fail" -eq 0 ]
}
