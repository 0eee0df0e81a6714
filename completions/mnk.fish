# fish completion for mnk (installed by `make install` as
# $(datadir)/fish/vendor_completions.d/mnk.fish). The commands and each
# command's options are those of `mnk help COMMAND`;
# tests/install/completion.sh checks that they stay the same.

set -l commands best analyze count solve merge tree play bench table pbrain help
complete -c mnk -f
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a best -d 'Print the best move of a position'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a analyze -d "Print every legal move's value"
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a count -d 'Count the game tree below a position'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a solve -d 'Prove the value of a position'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a merge -d "Prove a split position from its jobs' results"
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a tree -d 'Print the minimax tree as DOT'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a play -d 'Play against the computer'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a bench -d 'Solve benchmark sets'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a table -d 'Which m,n,k-games are wins'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a help -d 'Show the help of a command'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -s V -l version -d 'Show the version'
complete -c mnk -n "not __fish_seen_subcommand_from $commands" -a pbrain -d 'Play Gomoku through the Gomocup engine protocol'
complete -c mnk -n "__fish_seen_subcommand_from help" -a "best analyze count solve merge tree play bench table pbrain"
complete -c mnk -n "__fish_seen_subcommand_from $commands" -s h -l help -d 'Show the help'

# Each option with the commands that take it.
function __mnk_takes -a option
    set -l cmd (commandline -opc)[2]
    switch $option
        case rules
            contains -- $cmd best analyze count solve tree play
        case table
            contains -- $cmd best analyze count solve merge tree play bench table pbrain
        case moves
            contains -- $cmd best analyze count solve tree
        case json
            contains -- $cmd best analyze count solve table
        case seed
            contains -- $cmd best analyze play
        case time
            contains -- $cmd best analyze solve tree play bench table pbrain
        case nodes
            contains -- $cmd best analyze count solve tree bench table pbrain
        case threads
            contains -- $cmd solve
        case k exact greedy param
            contains -- $cmd pbrain
        case algorithm weak
            contains -- $cmd best analyze solve bench
        case depth
            contains -- $cmd tree
        case split ask
            contains -- $cmd solve
        case as level two-players watch plain
            contains -- $cmd play
        case max
            contains -- $cmd table
    end
end

complete -c mnk -n '__mnk_takes rules' -l rules -x -a '3,3,3 4,4,3 4,4,4 5,5,4 7,6,4 9,9,5 15,15,5 20,20,5' -d 'M columns, N rows, K in a row'
complete -c mnk -n '__mnk_takes moves' -l moves -x -d 'Play these moves first'
complete -c mnk -n '__mnk_takes json' -l json -d 'Print JSON'
complete -c mnk -n '__mnk_takes seed' -l seed -x -d 'Choose randomly among equal moves'
complete -c mnk -n '__mnk_takes time' -l time -x -d 'Stop searching after S seconds'
complete -c mnk -n '__mnk_takes nodes' -l nodes -x -d 'Stop after about N nodes'
complete -c mnk -n '__mnk_takes threads' -l threads -x -d 'Search with N threads'
complete -c mnk -n '__mnk_takes algorithm' -l algorithm -x -a 'alphabeta dfpn minimax' -d 'Search algorithm'
complete -c mnk -n '__mnk_takes table' -l table -x -d 'Table size in MiB'
complete -c mnk -n '__mnk_takes weak' -l weak -d 'Prove win, draw or loss only'
complete -c mnk -n '__mnk_takes depth' -l depth -x -d 'Show D plies at most'
complete -c mnk -n '__mnk_takes split' -l split -x -d 'Write the jobs D plies below'
complete -c mnk -n '__mnk_takes ask' -l ask -x -a 'win loss' -d 'Ask one weak question only'
complete -c mnk -n '__mnk_takes as' -l as -x -a 'x o' -d 'The side you play'
complete -c mnk -n '__mnk_takes level' -l level -x -a 'easy medium hard perfect' -d "The computer's level"
complete -c mnk -n '__mnk_takes two-players' -l two-players -d 'Two people on one keyboard'
complete -c mnk -n '__mnk_takes watch' -l watch -d 'The computer plays both sides'
complete -c mnk -n '__mnk_takes plain' -l plain -d 'The line game even on a terminal'
complete -c mnk -n '__mnk_takes max' -l max -x -d 'Boards up to N x N'
complete -c mnk -n '__mnk_takes k' -l k -x -d 'K in a row wins'
complete -c mnk -n '__mnk_takes exact' -l exact -d 'Exactly K in a row wins'
complete -c mnk -n '__mnk_takes greedy' -l greedy -d 'No search: the baseline engine'
complete -c mnk -n '__mnk_takes param' -l param -x -d 'Set an engine tuning parameter (NAME=VALUE)'
complete -c mnk -n '__fish_seen_subcommand_from bench merge' -F
