/*
 * threat_impl.h - inside the threat searches: what the depth-first VCF
 * and VCT (threat.c) share with the proof-number VCT (threat_pn.c).
 */
#ifndef MNK_THREAT_IMPL_H
#define MNK_THREAT_IMPL_H

#include "threat.h"

/* Attacker moves of a VCF tried at every VCT node before its threes. */
#define VCT_VCF_DEPTH 12

/* Counts a node; false once the search must stop (v->aborted set). */
bool vcf_count(vcf_search *v);
/* The attacker moves of a VCF for the side to move within depth of them
 * (a five on the spot is one), or 0 if there is none. With `record`, the
 * table's wins are not taken on trust and the line is written from ply on. */
int vcf_node(vcf_search *v, shape_board *b, int depth, int ply, bool record);
/* The attacker's threats: fours and moves that make an open four
 * possible next, strongest first, into moves[]; returns how many. */
int vct_moves(const shape_board *b, int side, int *moves);
/* The side to move's moves at a node of a VCT: none against two fives of
 * the defender's, the block against one, else its threats (vct_moves). */
int vct_node_moves(const shape_board *b, int *moves);

#endif /* MNK_THREAT_IMPL_H */
