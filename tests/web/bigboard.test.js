/*
 * bigboard.test.js - boards too big to solve on the page: the computer
 * answers through the engine the worker keeps, and the analysis, the hint
 * and the move's message show the engine's evaluation and best line (its
 * moves numbered on the board) instead of "?". A double four is a win by
 * continuous fours: shown as proven, as `mnk pbrain` would prove it.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const env = h.browserAndServer();

/* The value texts of the board's empty cells. */
async function cellValues(page) {
  return page.$$eval('#board .cell', (cells) => cells.map((c) => c.querySelector('.val').textContent));
}

async function gomoku(page, mode) {
  await page.selectOption('#think-time', '1000');
  if (mode) await page.getByRole('radio', { name: mode }).check();
  await page.selectOption('#preset', '15,15,5');
  await h.waitIdle(page);
}

test('15x15: the engine answers, and the analysis shows its score and best line', async () => {
  const { page, problems } = await h.openPage(env.browser, `${h.FILE_URL}?seed=3`);
  await gomoku(page);
  await h.clickCell(page, 'h8');
  const board = await h.readBoard(page);
  assert.equal(board.marks.filter((c) => c === 'o').length, 1, 'the computer answered');
  assert.match(await h.status(page), /^O plays [a-o]\d+\. \(The engine: score [-+]\d+ for O at depth \d+, not proven\.\) Your move \(X\)\.$/);

  await page.keyboard.press('a');
  await h.waitIdle(page);
  const legend = await page.textContent('#legend');
  const m = legend.match(/^The engine's view for X, who is to move: score [-+]\d+ for X at depth (\d+), not proven\. Best line ((?:[a-o]\d+ ?)+) \(numbered on the board\)\.$/);
  assert.ok(m, `the legend gives the engine's score and best line: ${legend}`);
  const line = m[2].trim().split(' ');
  assert.ok(Number(m[1]) >= 1 && line.length >= 1);
  /* The line's moves are numbered on empty cells, 1 the move to play. */
  for (const [i, name] of line.entries()) {
    const label = await h.cellButton(page, name).getAttribute('aria-label');
    assert.match(label, new RegExp(`^${name}, empty, .*move ${i + 1} of the engine's best line, ${i % 2 ? 'O' : 'X'}$`));
    assert.equal(await h.cellButton(page, name).locator('.val').textContent(), String(i + 1));
  }
  const values = await cellValues(page);
  assert.ok(!values.includes('?'), 'no "?" on the board');
  assert.equal(values.filter((v) => v !== '').length, line.length, 'only the best line is marked');

  /* The hint: the engine's move and its score. */
  await page.keyboard.press('h');
  await h.waitIdle(page);
  assert.match(await h.status(page), /^Hint: [a-o]\d+, score [-+]\d+ for X at depth \d+, not proven\. Your move \(X\)\.$/);
  h.checkNoProblems(problems);
});

test('15x15: a double four is shown as a proven win, and the engine plays it', async () => {
  const { page, problems } = await h.openPage(env.browser, h.FILE_URL);
  await gomoku(page, 'Two players');
  /* X h8 i8 j8 (g8 is O's) and k9 k10 k11 (k12 is O's): k8 makes two fours. */
  for (const name of ['h8', 'g8', 'i8', 'k12', 'j8', 'a1', 'k9', 'a15', 'k10', 'o1', 'k11', 'o15'])
    await h.clickCell(page, name);
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);
  assert.match(await page.textContent('#legend'),
    /^The engine's view for X, who is to move: X wins in 3, proven\. Best line k8 [a-o]\d+ [a-o]\d+ \(numbered on the board\)\.$/);
  assert.match(await h.cellButton(page, 'k8').getAttribute('aria-label'), /move 1 of the engine's best line, X$/);
  await page.keyboard.press('h');
  await h.waitIdle(page);
  assert.match(await h.status(page), /^Hint: k8, X wins in 3, proven\./);
  /* The computer takes over X and wins. */
  await page.getByRole('radio', { name: 'Computer vs computer' }).check();
  await page.waitForFunction(() => document.getElementById('app').classList.contains('over'), null, { timeout: 15000 });
  await h.waitIdle(page);
  assert.match(await h.status(page), /X wins\. X has .*k8.* in a row\.$/);
  h.checkNoProblems(problems);
});
