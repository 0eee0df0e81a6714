/*
 * rules.test.js - the rule choice of the board form: freestyle (k or more
 * in a row win) and exact (an overline does not win), played by two people
 * on the page. The same moves end the game under freestyle and not under
 * the exact rule; the rule shows under the board, in the board's label,
 * in the presets and after a reload. The values the page shows under the
 * exact rule are `mnk analyze --rules ...,exact`'s.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

let browser;

before(async () => {
  browser = await h.launch();
});

after(async () => {
  await browser?.close();
});

async function startBoard(page, m, n, k, rule) {
  await page.fill('#rule-m', String(m));
  await page.fill('#rule-n', String(n));
  await page.fill('#rule-k', String(k));
  await page.selectOption('#rule-exact', rule);
  await page.getByRole('button', { name: 'Start this board' }).click();
  await h.waitIdle(page);
  assert.equal(await page.textContent('#rules-error'), '');
}

/* X: a1 b1 d1, then c1 makes four in a row with k = 3; O's a2 c2 e2 leave
 * it threats on b2 and d2. */
const OVERLINE = ['a1', 'a2', 'b1', 'c2', 'd1', 'e2', 'c1'];

test('two players: an overline ends the game under freestyle, not under the exact rule', async () => {
  const { page, problems } = await h.openPage(browser, h.FILE_URL);
  await page.getByLabel('Two players').check();
  await h.waitIdle(page);

  await startBoard(page, 6, 2, 3, 'freestyle');
  assert.equal(await page.textContent('#board-rules'), '6×2: 3 in a row wins.');
  for (const cell of OVERLINE) await h.clickCell(page, cell);
  assert.match(await h.status(page), /^X plays c1\. X wins\. X has a1, b1, c1 in a row\./);

  await startBoard(page, 6, 2, 3, 'exact');
  assert.equal(await page.textContent('#board-rules'), '6×2: exactly 3 in a row wins, an overline does not.');
  assert.match(await page.getAttribute('#board', 'aria-label'), /exactly 3 in a row wins, an overline does not/);
  for (const cell of OVERLINE) await h.clickCell(page, cell);
  const board = await h.readBoard(page);
  assert.equal(board.position, 'xxxx../o.o.o.');
  assert.equal(await h.status(page), 'X plays c1. O to move.');

  /* The analysis overlay: the exact rule's values, from the command. */
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);
  const expected = h.mnkJSON('analyze', '--rules', '6,2,3,exact', board.position);
  for (const mv of expected.moves)
    assert.match(await h.cellButton(page, mv.move).getAttribute('aria-label'),
      new RegExp(`^${mv.move}, empty, ${h.valueText(mv)}$`));
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);

  /* The game goes on: O's b2 makes a2 b2 c2, exactly three. */
  await h.clickCell(page, 'b2');
  assert.match(await h.status(page), /^O plays b2\. O wins\. O has a2, b2, c2 in a row\./);

  /* The rule is kept across a reload, with the board. */
  await h.reload(page);
  assert.equal(await page.inputValue('#rule-exact'), 'exact');
  assert.equal(await page.textContent('#board-rules'), '6×2: exactly 3 in a row wins, an overline does not.');
  h.checkNoProblems(problems);
});

test('the exact rule against the computer, and its preset', async () => {
  const { page, problems } = await h.openPage(browser, `${h.FILE_URL}?seed=3`);
  await page.selectOption('#preset', '15,15,5,exact');
  await h.waitIdle(page);
  assert.equal(await page.inputValue('#rule-exact'), 'exact');
  assert.equal(await page.locator('#board .cell').count(), 225);
  assert.match(await page.textContent('#board-rules'), /exactly 5 in a row wins/);
  /* The rule select on its own turns the preset into the freestyle one. */
  await page.selectOption('#rule-exact', 'freestyle');
  assert.equal(await page.inputValue('#preset'), '15,15,5');

  /* The perfect computer (O) replies under the exact rule: a move among
   * the best that `mnk analyze --rules 7,1,3,exact` gives. */
  await startBoard(page, 7, 1, 3, 'exact');
  await h.clickCell(page, 'b1');
  const board = await h.readBoard(page);
  const choices = h.levelChoices(h.mnkJSON('analyze', '--rules', '7,1,3,exact', '.x.....'), 3);
  const reply = board.marks.indexOf('o');
  assert.ok(reply >= 0 && choices.includes(board.labels[reply].split(', ')[0]), `${board.position} not among ${choices}`);
  h.checkNoProblems(problems);
});
