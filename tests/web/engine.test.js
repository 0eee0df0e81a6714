/*
 * engine.test.js - the WebAssembly build is the native build: the same
 * game-tree counts (mnk_count_tree, `mnk count --json`) and the same node
 * totals of the bench searches (empty boards from a cold table, solver and
 * textbook minimax; `mnk solve --json` with the page's table size), run in
 * Chromium through the page's worker (window.mnkEngine).
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

let browser;
let server;
let page;
let problems;

before(async () => {
  browser = await h.launch();
  server = await h.startServer();
  ({ page, problems } = await h.openPage(browser, server.url));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const engine = (op, args) => page.evaluate(([o, a]) => window.mnkEngine.call(o, a), [op, args]);

test('count: the tree below the empty 3x3 board, as mnk count', async () => {
  const wasm = await engine('count', { m: 3, n: 3, k: 3 });
  const native = h.mnkJSON('count');
  for (const f of ['nodes', 'games', 'x_wins', 'o_wins', 'draws', 'positions', 'positions_symmetric', 'nodes_per_ply', 'complete'])
    assert.deepEqual(wasm[f], native[f], f);
  /* The published figures, for good measure. */
  assert.equal(wasm.games, 255168);
  assert.equal(wasm.positions, 5478);
});

test('count: other small boards (3,3,2 and 4,2,3), as mnk count', async () => {
  for (const rules of [[3, 3, 2], [4, 2, 3]]) {
    const [m, n, k] = rules;
    const wasm = await engine('count', { m, n, k });
    const native = h.mnkJSON('count', '--rules', rules.join(','));
    assert.deepEqual(
      [wasm.nodes, wasm.games, wasm.x_wins, wasm.o_wins, wasm.draws, wasm.positions, wasm.nodes_per_ply],
      [native.nodes, native.games, native.x_wins, native.o_wins, native.draws, native.positions, native.nodes_per_ply],
      rules.join(','));
  }
});

for (const [what, rules, algorithm] of [
  ['textbook minimax, empty 3x3', '3,3,3', 'minimax'],
  ['solver, empty 3x3', '3,3,3', 'alphabeta'],
  ['solver, empty 4,4,3', '4,4,3', 'alphabeta'],
  ['solver, empty 4,4,4', '4,4,4', 'alphabeta'],
]) {
  test(`bench: ${what}: same nodes, value and move as the native build`, async () => {
    const [m, n, k] = rules.split(',').map(Number);
    const wasm = await engine('bench', { m, n, k, algorithm });
    const native = h.mnkJSON('solve', '--rules', rules, '--algorithm', algorithm, '--table', h.TABLE_MIB);
    assert.equal(wasm.nodes, native.nodes, 'node total');
    assert.equal(wasm.value.result, native.result);
    assert.equal(wasm.value.plies, native.plies);
    assert.equal(wasm.name, native.best);
    assert.ok(wasm.complete);
    /* And again: a cold table every time, so the same count. */
    assert.equal((await engine('bench', { m, n, k, algorithm })).nodes, native.nodes);
    console.log(`# ${what}: ${wasm.nodes} nodes in ${wasm.ms.toFixed(1)} ms in WebAssembly`);
  });
}

test('no console errors', () => h.checkNoProblems(problems));
