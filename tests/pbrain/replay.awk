# replay.awk - checks a Gomocup protocol session after the fact: reads the
# commands sent (the main input) and the brain's answers (the file OUT),
# keeps the board as the commands and answers make it, and reports:
#   - a move on a taken cell or off the board (never allowed);
#   - a TURN accepted onto a taken cell, a TAKEBACK accepted on an empty one;
#   - an answer of the wrong kind for its command (OK for START, a move or
#     ERROR for TURN/BEGIN/BOARD, ...), a missing answer, an extra answer.
# MESSAGE and DEBUG lines may come anywhere, and "ERROR INFO ..." (an INFO
# the brain refused, reported before its next move) before a move.
#
#   awk -v OUT=answers.txt -f tests/pbrain/replay.awk commands.txt
# Prints "replay: N moves, N answers" and exits 0, or prints each problem
# and exits 1.

function trim(s) {
    sub(/^[ \t]+/, "", s)
    sub(/[ \t\r]+$/, "", s)
    return s
}

function problem(msg) {
    printf "replay: command %d (%s): %s\n", NR, cmd, msg
    bad++
}

# The next answer, MESSAGE and DEBUG lines skipped; "<none>" at the end.
function answer(   line) {
    while ((getline line < OUT) > 0) {
        sub(/\r$/, "", line)
        if (line ~ /^(MESSAGE|DEBUG)( |$)/)
            continue
        if (line ~ /^ERROR INFO /) {
            info_errors++
            continue
        }
        answers++
        return line
    }
    return "<none>"
}

function expect(pattern,   a) {
    a = answer()
    if (a !~ pattern)
        problem("expected an answer matching /" pattern "/, got [" a "]")
    return a
}

function new_board(width, height) {
    w = width
    h = height
    for (c in cell)
        delete cell[c]
}

# The answer to TURN, BEGIN or BOARD ... DONE: a move on a free cell, or ERROR.
function brain_move(a,   p) {
    if (a ~ /^ERROR( |$)/)
        return
    if (a !~ /^[0-9]+,[0-9]+$/) {
        problem("expected a move x,y or ERROR, got [" a "]")
        return
    }
    split(a, p, ",")
    if (p[1] + 0 >= w || p[2] + 0 >= h)
        problem("move " a " is off the " w "x" h " board")
    else if ((p[1] + 0) "," (p[2] + 0) in cell)
        problem("move " a " is on a taken cell")
    else
        cell[(p[1] + 0) "," (p[2] + 0)] = 1
    moves++
}

# "x,y" of a command's argument as the key of a cell, or "" if it is not one.
function key_of(arg,   p) {
    arg = trim(arg)
    if (arg !~ /^[0-9]+ *, *[0-9]+$/)
        return ""
    gsub(/ /, "", arg)
    split(arg, p, ",")
    return (p[1] + 0) "," (p[2] + 0)
}

BEGIN {
    if (OUT == "") {
        print "replay: set OUT"
        exit 2
    }
    mode = "commands"
}

{
    line = trim($0)
    cmd = line
    word = toupper(line)
    sub(/[ \t].*/, "", word)
    arg = line
    sub(/^[^ \t]*/, "", arg)
    if (word == "END")
        exit
    if (mode == "board") {
        if (word == "DONE") {
            mode = "commands"
            a = answer()
            if (a !~ /^ERROR( |$)/) {
                new_board(w, h)
                for (c in staged)
                    cell[c] = staged[c]
            }
            brain_move(a)
        } else if (line != "") {
            split(line, f, ",")
            staged[(f[1] + 0) "," (f[2] + 0)] = f[3] + 0
        }
        next
    }
    if (mode == "swap2") {
        if (word == "DONE") {
            mode = "commands"
            expect("^UNKNOWN( |$)")
        }
        next
    }
    if (line == "" || word == "INFO" || word == "STOP" || word == "YXSTOP")
        next
    if (word == "START" || word == "RECTSTART") {
        a = expect("^(OK|ERROR( .*)?)$")
        if (a == "OK") {
            split(trim(arg), p, ",")
            new_board(p[1] + 0, word == "START" ? p[1] + 0 : p[2] + 0)
        }
    } else if (word == "RESTART") {
        if (expect("^(OK|ERROR( .*)?)$") == "OK")
            new_board(w, h)
    } else if (word == "BEGIN") {
        brain_move(answer())
    } else if (word == "TURN") {
        k = key_of(arg)
        a = answer()
        if (a !~ /^ERROR( |$)/) {
            if (k == "")
                problem("a TURN that is not x,y was accepted")
            else if (k in cell)
                problem("TURN onto the taken cell " k " was accepted")
            else
                cell[k] = 2
        }
        brain_move(a)
    } else if (word == "BOARD") {
        if (w == 0) {
            expect("^ERROR( |$)")
        } else {
            mode = "board"
            for (c in staged)
                delete staged[c]
        }
    } else if (word == "TAKEBACK") {
        k = key_of(arg)
        a = expect("^(OK|ERROR( .*)?)$")
        if (a == "OK") {
            if (!(k in cell))
                problem("TAKEBACK of the empty cell " k " was accepted")
            delete cell[k]
        }
    } else if (word == "ABOUT") {
        expect("^name=\"mnk\"")
    } else if (word == "SWAP2BOARD") {
        mode = "swap2"
    } else {
        expect("^(UNKNOWN|ERROR)( |$)")
    }
}

END {
    if (bad == 0 && (a = answer()) != "<none>") {
        problem("an answer no command asked for: [" a "]")
    }
    printf "replay: %d moves, %d answers, %d INFO errors\n", moves, answers, info_errors
    exit bad > 0
}
