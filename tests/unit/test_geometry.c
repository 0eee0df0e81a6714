/*
 * test_geometry.c - the geometry of every legal board (src/geometry.c):
 * its lines are the windows of k cells counted by formula, each cell's
 * list holds exactly the lines through it, and the symmetries are
 * permutations of the cells.
 */
#include "unit.h"

#include "internal.h"

#include <stdlib.h>

/* The number of windows of k cells in a direction that moves dr rows and
 * dc columns per step (dc may be -1, which fits like +1). */
static int windows(int m, int n, int k, int dr, int dc)
{
    int rows = n - dr * (k - 1), cols = m - (dc ? 1 : 0) * (k - 1);
    return rows > 0 && cols > 0 ? rows * cols : 0;
}

/* For every legal rules: the geometry's lines are the windows counted by
 * formula, each cell's list holds exactly the lines through it, and the
 * symmetries are permutations of the cells. */
static void test_geometry_all_rules(void **state)
{
    (void)state;
    geometry *g = malloc(sizeof *g);
    assert_non_null(g);
    static unsigned char seen[MNK_MAX_CELLS];
    for (int m = 1; m <= MNK_MAX_SIDE; m++)
        for (int n = 1; n <= MNK_MAX_SIDE; n++)
            for (int k = 1; k <= (m > n ? m : n); k++) {
                assert_int_equal(geom_init(g, rules_of(m, n, k)), MNK_OK);
                int want = k == 1 ? m * n
                                  : windows(m, n, k, 0, 1) + windows(m, n, k, 1, 0) +
                                        2 * windows(m, n, k, 1, 1);
                assert_int_equal(g->nlines, want);
                assert_true(g->nlines <= GEOM_MAX_LINES);
                assert_int_equal(g->cell_first[m * n], g->nlines * k);
                assert_true(g->cell_first[m * n] <= GEOM_MAX_INCIDENCE);
                /* Spot check the lists on small boards (all of them costs
                 * too much for 8000 rules). */
                if (m * n <= 25) {
                    for (int cell = 0; cell < m * n; cell++)
                        for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++) {
                            int l = g->cell_lines[i], on = 0;
                            for (int j = 0; j < k; j++)
                                on += g->line_start[l] + j * g->line_step[l] == cell;
                            assert_int_equal(on, 1);
                        }
                }
                assert_int_equal(g->nsym, m == n ? 8 : 4);
                for (int s = 0; s < g->nsym; s++) {
                    memset(seen, 0, sizeof seen);
                    for (int cell = 0; cell < m * n; cell++) {
                        assert_in_range(g->sym[s][cell], 0, m * n - 1);
                        seen[g->sym[s][cell]]++;
                    }
                    for (int cell = 0; cell < m * n; cell++)
                        assert_int_equal(seen[cell], 1);
                }
            }
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geometry_all_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
