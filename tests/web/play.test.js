/*
 * play.test.js - complete games in the page, by clicking, as X and as O at
 * every level, served over HTTP. Every reply of the computer is checked
 * against the native engine: at each level it must be one of the moves
 * that level may choose by the values `mnk analyze --json` gives (at
 * perfect: one of the equally best moves), and at perfect the person never
 * wins. The tally must count every game.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const LEVELS = ['easy', 'medium', 'hard', 'perfect'];

const env = h.browserAndServer();

/* Plays one game to its end: the person's moves at random (from `pick`),
 * each computer reply checked. Returns the final board and status. */
async function playGame(page, side, level, pick) {
  let { position, marks, labels } = await h.readBoard(page);
  let replies = 0;
  for (;;) {
    const over = (await page.getAttribute('#app', 'class') || '').includes('over');
    if (over) break;
    const toMove = marks.filter((c) => c === 'x').length === marks.filter((c) => c === 'o').length ? 'x' : 'o';
    if (toMove === side) {
      const empty = labels.filter((l) => l.split(', ')[1] === 'empty').map((l) => l.split(', ')[0]);
      await h.clickCell(page, empty[pick(empty.length)]);
    } else {
      assert.fail(`the computer did not move in ${position}`);
    }
    const before = position;
    const afterPerson = await h.readBoard(page);
    /* The person's move is on the board; the computer answered if the
     * game went on. */
    const personMoved = afterPerson.marks.filter((c) => c !== '.').length - marks.filter((c) => c !== '.').length;
    assert.ok(personMoved >= 1, `a move was played after ${before}`);
    ({ position, marks, labels } = afterPerson);
    if (personMoved === 2) {
      replies++;
      await checkReply(page, before, afterPerson, side, level);
    }
  }
  return { position, replies, status: await h.status(page) };
}

/* The position after the person's move is the board without the
 * computer's last move (the cell labelled "last move"). */
async function checkReply(page, before, board, side, level) {
  const last = board.labels.find((l) => l.includes('last move'));
  assert.ok(last, `the computer's move is marked in ${board.position}`);
  const reply = last.split(', ')[0];
  const idx = board.labels.indexOf(last);
  const marks = board.marks.slice();
  marks[idx] = '.';
  const m = board.position.indexOf('/') < 0 ? marks.length : board.position.indexOf('/');
  const rows = [];
  for (let i = 0; i < marks.length; i += m) rows.push(marks.slice(i, i + m).join(''));
  const asked = rows.join('/');
  const analysis = h.mnkJSON('analyze', asked);
  const allowed = h.levelChoices(analysis, LEVELS.indexOf(level));
  assert.ok(allowed.includes(reply),
    `${level}: reply ${reply} to ${asked} is one of ${allowed.join(' ')} (analyze: ${JSON.stringify(analysis.moves)})`);
  if (level === 'perfect')
    assert.ok(allowed.includes(h.mnk('best', asked)), 'mnk best is among the equally best moves');
}

async function computerOpening(page, level) {
  /* As O the computer opens: check that first move against the empty board. */
  const board = await h.readBoard(page);
  const last = board.labels.find((l) => l.includes('last move'));
  assert.ok(last, 'the computer opened');
  const allowed = h.levelChoices(h.mnkJSON('analyze', '.../.../...'), LEVELS.indexOf(level));
  assert.ok(allowed.includes(last.split(', ')[0]));
}

for (const side of ['x', 'o']) {
  test(`complete games as ${side.toUpperCase()} at every level, each reply checked against mnk`, async () => {
    const { page, problems } = await h.openPage(env.browser, `${env.server.url}?seed=${side === 'x' ? 11 : 22}`);
    if (side === 'o') {
      await page.getByLabel('You play O').check();
      await h.waitIdle(page);
    }
    const pick = h.rng(side === 'x' ? 1234 : 5678);
    const tally = { games: 0, won: 0, lost: 0, drawn: 0 };
    for (const level of LEVELS.flatMap((l) => [l, l, l])) {
      await page.locator(`input[name=level][value="${LEVELS.indexOf(level)}"]`).check();
      await h.waitIdle(page);
      await page.getByRole('button', { name: 'New game' }).click();
      await h.waitIdle(page);
      if (side === 'o') await computerOpening(page, level);
      const game = await playGame(page, side, level, pick);
      tally.games++;
      if (/You win/.test(game.status)) tally.won++;
      else if (/computer wins/.test(game.status)) tally.lost++;
      else {
        assert.match(game.status, /draw/);
        tally.drawn++;
      }
      if (level === 'perfect') assert.doesNotMatch(game.status, /You win/, `perfect never loses: ${game.position}`);
      const final = h.mnkJSON('analyze', game.position);
      assert.deepEqual(final.moves, [], `${game.position} is finished for mnk too`);
      const winner = final.winner === 'x' ? 'X' : final.winner === 'o' ? 'O' : null;
      if (winner) assert.match(game.status, new RegExp(`${winner} has [a-c][1-3], [a-c][1-3], [a-c][1-3] in a row`));
    }
    const text = await page.textContent('#tally');
    assert.match(text, new RegExp(`^${tally.games} games`));
    assert.match(text, new RegExp(`Against the computer: ${tally.won} won, ${tally.lost} lost, ${tally.drawn} drawn`));
    h.checkNoProblems(problems);
  });
}

test('computer vs computer at perfect: a draw, every move one of the best', async () => {
  const { page, problems } = await h.openPage(env.browser, `${env.server.url}?delay=0`);
  await page.getByLabel('Computer vs computer').check();
  await page.waitForSelector('#app.over', { timeout: 20000 });
  await h.waitIdle(page);
  assert.match(await h.status(page), /draw/);
  const moves = await page.$$eval('#history-list .mv-cell', (els) => els.map((e) => e.textContent));
  assert.equal(moves.length, 9);
  moves.forEach((move, i) => {
    const analysis = h.mnkJSON('analyze', '--moves', moves.slice(0, i).join(',') || ',', '.../.../...');
    assert.ok(h.levelChoices(analysis, 3).includes(move), `move ${i + 1}, ${move}, is one of the best`);
  });
  h.checkNoProblems(problems);
});
