/*
 * game_checks.h - what fuzz_parse and fuzz_solve share: games kept by
 * rules, the game's own consistency check, and how an input's text is cut
 * into lines and read as rules.
 */
#ifndef MNK_FUZZ_GAME_CHECKS_H
#define MNK_FUZZ_GAME_CHECKS_H

#include "mnk.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A pair of games for rules r (the one under test and `other`, for round
 * trips), boards not cleared. Setting up a board's geometry for new rules
 * costs more than everything else an input does, so the games of the
 * rules last used are kept (a few pairs, least recently used replaced). */
void fuzz_games_for(mnk_rules r, mnk_game **game, mnk_game **other);

bool fuzz_same_rules(mnk_rules a, mnk_rules b);

/* Everything a game says about itself fits together (counts, side to
 * move, winner and winning line); aborts otherwise. */
void fuzz_check_game(const mnk_game *g);

/* Rules the shape of a position suggests: columns of its first row (or
 * the square root of a slash-less length), rows, and k and the exact rule
 * from `byte`. false when they make no valid rules. */
bool fuzz_shape_rules(const char *text, uint8_t byte, mnk_rules *out);

/* Splits text at '\n' into at most `max` lines (in place): returns their
 * number, with each line's start and length. */
int fuzz_split_lines(char *text, char **lines, size_t *lens, int max);

#endif /* MNK_FUZZ_GAME_CHECKS_H */
