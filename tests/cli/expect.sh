# tests/cli/expect.sh - what the CLI test scripts share (sourced after
# tests/lib.sh): run a command and check its output, exit code and JSON.

# run CMD...: runs it, keeps stdout, stderr and the exit code.
run() {
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}

expect_out() { # NAME EXPECTED
    if [ "$out" = "$2" ]; then ok; else bad "$1: expected [$2], got [$out] (stderr: $err)"; fi
}
expect_rc() { # NAME CODE
    if [ "$rc" -eq "$2" ]; then ok; else bad "$1: exit $rc, expected $2 (stderr: $err)"; fi
}
expect_match() { # NAME TEXT REGEX
    if printf '%s' "$2" | grep -Eq -- "$3"; then ok; else bad "$1: [$2] does not match /$3/"; fi
}
# json NAME EXPRESSION: evaluates a JavaScript expression on the parsed $out
# (as `j`), passes if it is true.
json() {
    if printf '%s' "$out" | node -e '
        let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
            let j; try { j = JSON.parse(s); } catch (e) { console.log("not JSON: " + e.message); process.exit(1); }
            process.exit(eval(process.argv[1]) ? 0 : 1);
        });' "$2"; then ok; else bad "$1: $2 is false for $out"; fi
}
check_bad() { # NAME CODE REGEX -- ARGS...
    local name=$1 code=$2 regex=$3
    shift 4
    run "$MNK" "$@"
    expect_rc "$name" "$code"
    expect_match "$name: message" "$err" "$regex"
}
