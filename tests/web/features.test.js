/*
 * features.test.js - the page opened straight from disk (file://): undo,
 * hint and the analysis overlay against `mnk best` and `mnk analyze`, the
 * "how it thinks" panel against `mnk solve` and `mnk count`, the result and
 * the tally across a reload, the keyboard, a big board that thinks and is
 * stopped, the rules' limits, and phone and desktop screens in light and
 * dark. Screenshots of a finished game go to build/.
 */
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const h = require('./helpers');

let browser;

before(async () => {
  browser = await h.launch();
});

after(async () => {
  await browser?.close();
});

/* The overlay's text in every empty cell, by cell name. */
async function overlay(page) {
  return page.$$eval('#board .cell', (cells) => Object.fromEntries(cells
    .filter((c) => c.querySelector('.val').textContent !== '')
    .map((c) => [c.getAttribute('aria-label').split(', ')[0], c.querySelector('.val').textContent])));
}

function expectedOverlay(position) {
  const a = h.mnkJSON('analyze', position);
  return Object.fromEntries(a.moves.map((mv) => [mv.move, h.valueText(mv)]));
}

test('undo, hint and the analysis overlay show the library\'s values', async () => {
  const { page, problems } = await h.openPage(browser, `${h.FILE_URL}?seed=5`);
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);
  assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'true');
  assert.deepEqual(await overlay(page), expectedOverlay('.../.../...'));

  /* A corner, the computer's reply, and the overlay of the new position. */
  await h.clickCell(page, 'a1');
  let board = await h.readBoard(page);
  assert.equal(board.marks.filter((c) => c !== '.').length, 2);
  assert.deepEqual(await overlay(page), expectedOverlay(board.position));
  const labelled = board.labels.find((l) => l.startsWith('c3, '));
  if (board.marks[8] === '.') assert.match(labelled, /^c3, empty, (draw|win in \d|loss in \d)$/);

  /* A second move that loses for X somewhere, so the values differ. */
  const empty = board.labels.filter((l) => l.split(', ')[1] === 'empty').map((l) => l.split(', ')[0]);
  await h.clickCell(page, empty[0]);
  board = await h.readBoard(page);
  assert.deepEqual(await overlay(page), expectedOverlay(board.position));

  /* The hint is `mnk best`: the first best move in cell order. */
  if (!(await page.getAttribute('#app', 'class') || '').includes('over')) {
    await page.getByRole('button', { name: 'Hint' }).click();
    await h.waitIdle(page);
    const best = h.mnk('best', board.position);
    const value = expectedOverlay(board.position)[best];
    assert.match(await h.status(page), new RegExp(`^Hint: ${best}, ${value}\\.`));
    assert.match(await h.cellButton(page, best).getAttribute('aria-label'), new RegExp(`^${best}, empty, hint, ${value}$`));
    assert.equal(await page.locator('#board .cell.hint').count(), 1);
  }

  /* Undo takes back the person's move and the reply: twice to the start. */
  await page.getByRole('button', { name: 'Undo' }).click();
  await h.waitIdle(page);
  const back = await h.readBoard(page);
  assert.equal(back.marks.filter((c) => c !== '.').length, 2);
  assert.match(await h.status(page), /^Move taken back\. Your move \(X\)\./);
  assert.deepEqual(await overlay(page), expectedOverlay(back.position));
  await page.getByRole('button', { name: 'Undo' }).click();
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, '.../.../...');
  assert.deepEqual(await overlay(page), expectedOverlay('.../.../...'));
  assert.ok(await page.locator('#undo').isDisabled());

  /* Overlay off: no values left. */
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);
  assert.deepEqual(await overlay(page), {});
  h.checkNoProblems(problems);
});

test('a won game: the line highlighted, the result announced, the tally kept across a reload', async () => {
  const { page, problems } = await h.openPage(browser, h.FILE_URL);
  await page.getByLabel('Two players').check();
  await h.waitIdle(page);
  for (const cell of ['a1', 'a2', 'b1', 'b2']) await h.clickCell(page, cell);
  assert.match(await h.status(page), /^X plays b1\. O plays b2\.|^O plays b2\. X to move\.$/);
  await h.clickCell(page, 'c1');
  assert.equal(await h.status(page), 'X plays c1. X wins. X has a1, b1, c1 in a row.');
  for (const cell of ['a1', 'b1', 'c1'])
    assert.match(await h.cellButton(page, cell).getAttribute('aria-label'), /^[abc]1, X, winning line/);
  assert.equal(await page.locator('#board .cell.win-cell').count(), 3);
  assert.equal(await h.cellButton(page, 'c2').getAttribute('aria-disabled'), 'true');
  const tally = await page.textContent('#tally');
  assert.equal(tally, '1 game: X won 1, O won 0, 0 drawn.');

  await h.reload(page);
  assert.equal(await page.textContent('#tally'), tally, 'the tally survives a reload');
  assert.ok(await page.getByLabel('Two players').isChecked(), 'so do the settings');

  /* So does the finished game; a new one counts too, and undoing its end
   * does not take it out of the tally. */
  assert.equal((await h.readBoard(page)).position, 'xxx/oo./...');
  await page.getByRole('button', { name: 'New game' }).click();
  await h.waitIdle(page);
  for (const cell of ['a1', 'a2', 'b1', 'b2', 'c1']) await h.clickCell(page, cell);
  const two = '2 games: X won 2, O won 0, 0 drawn.';
  assert.equal(await page.textContent('#tally'), two);
  await page.getByRole('button', { name: 'Undo' }).click();
  await h.waitIdle(page);
  assert.equal(await page.textContent('#tally'), two);
  await h.reload(page);
  assert.equal(await page.textContent('#tally'), two);
  h.checkNoProblems(problems);
});

test('the whole game by keyboard', async () => {
  const { page, problems } = await h.openPage(browser, `${h.FILE_URL}?seed=3`);
  /* Tab reaches the board (one stop for all cells), arrows move. */
  await page.locator('#board .cell[tabindex="0"]').focus();
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'b2, empty');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'a1, empty');
  await page.keyboard.press('Enter');
  await h.waitIdle(page);
  let board = await h.readBoard(page);
  assert.equal(board.marks[0], 'x');
  assert.equal(board.marks.filter((c) => c === 'o').length, 1);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  await h.waitIdle(page);
  board = await h.readBoard(page);
  const c2taken = board.marks[5] !== '.';
  assert.ok(c2taken, 'Space played c2 (or it was taken and announced)');
  /* Shortcuts: h hint, a analysis, u undo, n new game. */
  await page.keyboard.press('h');
  await h.waitIdle(page);
  if (!(await page.getAttribute('#app', 'class') || '').includes('over'))
    assert.match(await h.status(page), /^Hint: [a-c][1-3], /);
  await page.keyboard.press('u');
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).marks.filter((c) => c !== '.').length, 2);
  await page.keyboard.press('a');
  await h.waitIdle(page);
  assert.equal(await page.getAttribute('#analysis', 'aria-pressed'), 'true');
  await page.keyboard.press('n');
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, '.../.../...');
  assert.match(await h.status(page), /^New game\. Your move \(X\)\.$/);
  /* A taken cell is refused and said so. */
  await h.clickCell(page, 'b2');
  const after = await h.readBoard(page);
  const taken = after.labels.find((l) => / O, last move/.test(l)).split(', ')[0];
  await h.cellButton(page, taken).focus();
  await page.keyboard.press('Enter');
  await h.waitIdle(page);
  assert.match(await h.status(page), new RegExp(`^${taken} is taken\\.`));
  h.checkNoProblems(problems);
});

test('a big board: the computer shows it is thinking and can be stopped', async () => {
  const { page, problems } = await h.openPage(browser, h.FILE_URL);
  await page.selectOption('#think-time', '30000');
  await page.selectOption('#preset', '15,15,5');
  await h.waitIdle(page);
  assert.equal(await page.locator('#board .cell').count(), 225);
  assert.match(await page.getAttribute('#board', 'aria-label'), /15 columns by 15 rows, 5 in a row/);
  await h.cellButton(page, 'h8').click();
  await page.waitForSelector('#thinking:not([hidden])', { timeout: 5000 });
  assert.equal(await page.getAttribute('#app', 'data-state'), 'thinking');
  await page.waitForFunction(() => /positions so far/.test(document.getElementById('thinking-text').textContent));
  /* The page stays responsive while the worker searches. */
  assert.equal(await page.evaluate(() => 1 + 1), 2);
  await page.getByRole('button', { name: 'Stop' }).click();
  await h.waitIdle(page);
  assert.match(await h.status(page), /^Stopped\. The computer \(O\) is waiting/);
  let board = await h.readBoard(page);
  assert.equal(board.marks.filter((c) => c !== '.').length, 1);
  /* With a short time it plays the best move it found. */
  await page.selectOption('#think-time', '1000');
  await page.getByRole('button', { name: 'Computer, move' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.o').length === 1, null, { timeout: 10000 });
  await h.waitIdle(page);
  board = await h.readBoard(page);
  assert.equal(board.marks.filter((c) => c !== '.').length, 2);
  assert.match(await h.status(page), /^O plays [a-o]\d+\./);
  h.checkNoProblems(problems);
});

test('how it thinks: textbook minimax against the solver, as mnk counts them', async () => {
  const { page, problems } = await h.openPage(browser, `${h.FILE_URL}?seed=9`);
  await page.getByLabel('Two players').check();
  await h.waitIdle(page);
  for (const cell of ['b2', 'a1']) await h.clickCell(page, cell);
  await page.locator('#how > summary').click();
  await page.waitForSelector('.how-table');
  await h.waitIdle(page);
  const pos = 'o../.x./...';
  const rows = await page.$$eval('.how-table tbody tr', (trs) => trs.map((tr) => ({
    move: tr.dataset.move,
    value: tr.querySelector('.value').textContent,
    minimax: Number(tr.querySelector('.minimax-nodes').textContent.replace(/,/g, '')),
  })));
  const minimaxAnalysis = h.mnkJSON('analyze', '--algorithm', 'minimax', pos);
  assert.deepEqual(rows.map((r) => [r.move, r.value]), minimaxAnalysis.moves.map((mv) => [mv.move, h.valueText(mv)]));
  const totalOf = (cls) => page.$eval(`.how-table tfoot .${cls}`, (el) => Number(el.textContent.replace(/,/g, '')));
  const minimax = h.mnkJSON('solve', '--algorithm', 'minimax', pos);
  const solver = h.mnkJSON('solve', '--table', h.TABLE_MIB, pos);
  assert.equal(await totalOf('minimax-nodes'), minimax.nodes);
  assert.equal(await totalOf('solver-nodes'), solver.nodes);
  assert.equal(rows.reduce((s, r) => s + r.minimax, 1), minimax.nodes, 'the rows add up to the whole');
  /* Each row: the position after the move, searched on its own. */
  for (const r of rows.slice(0, 3)) {
    const after = h.mnkJSON('solve', '--algorithm', 'minimax', '--moves', r.move, pos);
    assert.equal(r.minimax, Math.max(1, after.nodes), `minimax nodes after ${r.move}`);
  }
  const count = h.mnkJSON('count', pos);
  const text = await page.textContent('#how-body');
  assert.ok(text.includes(`${count.nodes.toLocaleString('en-US')} positions on the way to ${count.games.toLocaleString('en-US')} finished games`), text);

  /* Where minimax would not finish at once the panel says so. */
  await page.selectOption('#preset', '4,4,4');
  await h.waitIdle(page);
  assert.match(await page.textContent('#how-body'), /textbook minimax is shown only when at most 10 cells are empty.*Here 16 are/);
  assert.equal(await totalOf('solver-nodes'), h.mnkJSON('solve', '--table', h.TABLE_MIB, '--rules', '4,4,4').nodes);
  await page.selectOption('#preset', '3,3,3');
  await h.waitIdle(page);
  h.checkNoProblems(problems);
});

test('board sizes: the library\'s limits, with its own words', async () => {
  const { page, problems } = await h.openPage(browser, h.FILE_URL);
  await page.fill('#rule-m', '3');
  await page.fill('#rule-n', '3');
  await page.fill('#rule-k', '4');
  await page.getByRole('button', { name: 'Start this board' }).click();
  await h.waitIdle(page);
  assert.match(await page.textContent('#rules-error'), /k \(in a row\) must be at most 3; 4 is too large/);
  assert.equal(await page.locator('#board .cell').count(), 9);
  await page.fill('#rule-m', '21');
  await page.getByRole('button', { name: 'Start this board' }).click();
  await h.waitIdle(page);
  assert.match(await page.textContent('#rules-error'), /20/);
  await page.fill('#rule-m', '7');
  await page.fill('#rule-n', '6');
  await page.fill('#rule-k', '4');
  await page.getByRole('button', { name: 'Start this board' }).click();
  await h.waitIdle(page);
  assert.equal(await page.textContent('#rules-error'), '');
  assert.equal(await page.locator('#board .cell').count(), 42);
  assert.equal(await page.inputValue('#preset'), '7,6,4');
  assert.match(await h.cellButton(page, 'g6').getAttribute('aria-label'), /^g6, empty$/);
  await page.selectOption('#preset', '20,20,5');
  await h.waitIdle(page);
  assert.equal(await page.locator('#board .cell').count(), 400);
  assert.match(await h.cellButton(page, 't20').getAttribute('aria-label'), /^t20, empty$/);
  h.checkNoProblems(problems);
});

/* A finished game against the computer, the same every run (fixed seed,
 * the person always takes the first empty cell). */
async function finishedGame(page) {
  for (;;) {
    if ((await page.getAttribute('#app', 'class') || '').includes('over')) return;
    const board = await h.readBoard(page);
    const first = board.labels.find((l) => l.split(', ')[1] === 'empty').split(', ')[0];
    await h.clickCell(page, first);
  }
}

for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, colorScheme: 'light', file: 'web-screenshot.png' },
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'light', file: 'web-screenshot-phone.png' },
  { name: 'phone, dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', file: 'web-screenshot-phone-dark.png' },
]) {
  test(`${screen.name} screen: fits, reads, screenshot of a finished game`, async () => {
    const ctx = await browser.newContext({ viewport: screen.viewport, colorScheme: screen.colorScheme });
    const { page, problems } = await h.openPage(browser, `${h.FILE_URL}?seed=1`, { context: ctx });
    await finishedGame(page);
    assert.match(await h.status(page), /The computer wins\. O has .* in a row\./);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, 'no sideways scrolling');
    const box = await page.locator('#board').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= screen.viewport.width, 'the board is on screen');
    const cell = await page.locator('#board .cell').first().boundingBox();
    assert.ok(cell.width >= 44, `cells are big enough to tap (${cell.width}px)`);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = bg.match(/\d+/g).map(Number);
    if (screen.colorScheme === 'dark') assert.ok(r + g + b < 150, `dark background (${bg})`);
    else assert.ok(r + g + b > 600, `light background (${bg})`);
    /* A 20x20 board still fits the width. */
    await page.screenshot({ path: path.join(h.BUILD, screen.file) });
    await page.selectOption('#preset', '20,20,5');
    await h.waitIdle(page);
    const big = await page.locator('#board-scroll').boundingBox();
    assert.ok(big.x >= 0 && big.x + big.width <= screen.viewport.width, '20x20 fits the width (panned in its box)');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    h.checkNoProblems(problems);
    await ctx.close();
  });
}
