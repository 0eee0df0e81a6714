/*
 * polish.test.js - the page as a player meets it (issue 11, items 1-9):
 * labels on their cells, the board and its controls in one window, the
 * Players group chosen without acting, stale words, forced colours, the
 * tally through undo and replays, the move list and its time travel, the
 * game kept across a reload and shared by a link and as a command, the
 * winning line, and the board-size form's errors. Values and positions are
 * checked against the native `mnk`.
 */
'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./helpers');

const env = h.browserAndServer();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function openAt(viewport, url = h.FILE_URL, options = {}) {
  const ctx = await env.browser.newContext({ viewport, ...options });
  const opened = await h.openPage(env.browser, url, { context: ctx });
  return { ...opened, ctx };
}

async function usePreset(page, preset) {
  await page.selectOption('#preset', preset);
  await h.waitIdle(page);
}

async function twoPlayers(page) {
  await page.getByLabel('Two players').check();
  await h.waitIdle(page);
}

const box = (page, selector) => page.locator(selector).first().boundingBox();

/* The centres of the column and row labels and of the first row's and
 * first column's cells. */
function labelGeometry(page) {
  return page.evaluate(() => {
    const centre = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height };
    };
    const m = Number(getComputedStyle(document.getElementById('board-frame')).getPropertyValue('--m'));
    const cells = [...document.querySelectorAll('#board .cell')];
    return {
      cols: [...document.querySelectorAll('#col-labels span')].map(centre),
      rows: [...document.querySelectorAll('#row-labels span')].map(centre),
      firstRow: cells.slice(0, m).map(centre),
      firstCol: cells.filter((_, i) => i % m === 0).map(centre),
    };
  });
}

test('1. every coordinate label sits on its cells, at every size, on a phone and a desktop', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { page, problems, ctx } = await openAt(viewport);
    for (const preset of ['3,3,3', '7,6,4', '9,9,5', '15,15,5', '20,20,5']) {
      await usePreset(page, preset);
      const g = await labelGeometry(page);
      const [m, n] = preset.split(',').map(Number);
      assert.equal(g.cols.length, m);
      assert.equal(g.rows.length, n);
      g.cols.forEach((c, i) => {
        assert.ok(Math.abs(c.x - g.firstRow[i].x) <= 0.5, `${preset} ${viewport.width}px: column ${i + 1}'s label is ${c.x - g.firstRow[i].x}px off`);
        assert.ok(Math.abs(c.w - g.firstRow[i].w) <= 0.5);
      });
      g.rows.forEach((r, i) => {
        assert.ok(Math.abs(r.y - g.firstCol[i].y) <= 0.5, `${preset} ${viewport.width}px: row ${i + 1}'s label is ${r.y - g.firstCol[i].y}px off`);
        assert.ok(Math.abs(r.h - g.firstCol[i].h) <= 0.5);
      });
    }
    h.checkNoProblems(problems);
    await ctx.close();
  }
});

test('2. board, status and controls fit the window together; nothing moves when text appears', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, problems, ctx } = await openAt(viewport, `${h.FILE_URL}?seed=4`);
    for (const preset of ['3,3,3', '9,9,5', '15,15,5', '20,20,5']) {
      await usePreset(page, preset);
      const actionsBefore = await box(page, '.actions');
      const boardBefore = await box(page, '#board');
      /* Everything that must be seen with the board, the Stop button included
       * (its line keeps its room while hidden). */
      for (const sel of ['#status', '#board-scroll', '#stop', '.actions']) {
        const b = await box(page, sel);
        assert.ok(b.y >= 0 && b.y + b.height <= viewport.height + 0.5,
          `${preset} at ${viewport.width}x${viewport.height}: ${sel} ends at ${b.y + b.height}px`);
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling of the page');
      /* A cell is never under 24 px (WCAG 2.5.8); a board wider than the
       * room pans in its own box. */
      const cell = await box(page, '#board .cell');
      assert.ok(cell.width >= 24 && cell.height >= 24, `${preset}: cells of ${cell.width}px`);
      const pan = await page.$eval('#board-scroll', (el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight }));
      const whole = await box(page, '#board-scroll');
      assert.ok(whole.x >= 0 && whole.x + whole.width <= viewport.width + 0.5, 'the board box is inside the window');
      if (boardBefore.width > whole.width) assert.ok(pan.sw > pan.cw, 'a board wider than its box can be panned');
      /* A move, the computer's reply, the move list filling in: the buttons
       * stay where they were. */
      const centre = preset === '3,3,3' ? 'b2' : preset === '9,9,5' ? 'e5' : preset === '15,15,5' ? 'h8' : 'j10';
      await page.selectOption('#think-time', '1000');
      await h.cellButton(page, centre).click();
      await page.waitForFunction(() => document.querySelectorAll('#board .cell.o').length === 1, null, { timeout: 15000 });
      await h.waitIdle(page);
      assert.deepEqual(await box(page, '.actions'), actionsBefore, `${preset}: the buttons did not move`);
      assert.deepEqual(await box(page, '#board'), boardBefore, `${preset}: the board did not move`);
    }
    await usePreset(page, '3,3,3');
    h.checkNoProblems(problems);
    await ctx.close();
  }
});

test('3. the Players group acts only when a choice is made; undo, status and the panel say what is true', async () => {
  const { page, problems, ctx } = await openAt(DESKTOP, `${h.FILE_URL}?seed=2&delay=0`);
  /* Arrow keys cross "You play O" and "Two players" without acting. */
  await page.getByLabel('You play X').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  assert.ok(await page.getByLabel('You play O').isChecked(), 'the arrows select');
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, '.../.../...', 'the computer did not start');
  assert.equal(await h.status(page), 'Your move (X).');
  /* Enter makes the choice: the computer plays X. */
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
  await h.waitIdle(page);
  assert.match(await h.status(page), /^X plays [a-c][1-3]\. Your move \(O\)\.$/);
  /* Undo has no move of yours to take back yet. */
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), true);
  const board = await h.readBoard(page);
  const empty = board.labels.find((l) => l.split(', ')[1] === 'empty').split(', ')[0];
  await h.clickCell(page, empty);
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), false);
  /* Leaving the group after the arrows makes the choice too. */
  await page.getByLabel('You play O').focus();
  await page.keyboard.press('ArrowDown');
  await h.waitIdle(page);
  assert.match(await h.status(page), /Your move \(O\)\.$/);
  await page.keyboard.press('Tab');
  await h.waitIdle(page);
  assert.match(await h.status(page), /^Two players now; the game goes on\. [XO] to move\.$/);

  /* A message about an earlier moment does not stay. */
  await page.getByRole('button', { name: 'Hint' }).click();
  await h.waitIdle(page);
  assert.match(await h.status(page), /^Hint: /);
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);
  assert.match(await h.status(page), /^Analysis on\. [XO] to move\.$/);
  const after = await h.readBoard(page);
  await h.clickCell(page, after.labels.find((l) => l.split(', ')[1] === 'empty').split(', ')[0]);
  assert.doesNotMatch(await h.status(page), /Analysis on/);

  /* The panel's table is not in a live region; one sentence is. */
  await page.locator('#how > summary').click();
  await page.waitForSelector('.how-table');
  await h.waitIdle(page);
  assert.equal(await page.$eval('.how-table', (t) => t.closest('[aria-live], [role=status], [role=alert], [role=log]')), null);
  const news = await page.textContent('#how-news');
  assert.match(news, /^How it thinks: [XO] to move, \d+ moves compared, the position is (draw|win in \d+|loss in \d+)\.$/);
  assert.equal(await page.getAttribute('#how-news', 'role'), 'status');
  h.checkNoProblems(problems);
  await ctx.close();
});

/* X wins a1 b1 c1 between two players; the last move is c1. */
async function xWinsTopRow(page) {
  for (const cell of ['a1', 'a2', 'b1', 'b2', 'c1']) await h.clickCell(page, cell);
  assert.match(await h.status(page), /X wins\. X has a1, b1, c1 in a row\./);
}

test('4. forced colours keep the grid, the two marks and the highlights apart', async () => {
  const { page, problems, ctx } = await openAt(DESKTOP, h.FILE_URL, { forcedColors: 'active' });
  assert.ok(await page.evaluate(() => matchMedia('(forced-colors: active)').matches));
  await twoPlayers(page);
  await xWinsTopRow(page);
  const look = await page.evaluate(() => {
    const cs = (sel) => getComputedStyle(document.querySelector(sel));
    return {
      lines: cs('#board').backgroundColor,
      cell: cs('#board .cell:not(.x):not(.o)').backgroundColor,
      x: cs('#board .cell.x:not(.win-cell) .mark, #board .cell.x .mark').color,
      o: cs('#board .cell.o .mark').color,
      win: cs('#board .cell.win-cell').backgroundColor,
      last: cs('#board .cell.last').boxShadow,
      plain: cs('#board .cell.o').boxShadow,
    };
  });
  assert.notEqual(look.lines, look.cell, 'the grid lines show');
  assert.notEqual(look.x, look.o, 'X and O differ in colour');
  assert.notEqual(look.win, look.cell, 'the winning cells stand out');
  assert.notEqual(look.last, look.plain, 'the last move is framed');
  assert.notEqual(look.last, 'none');
  h.checkNoProblems(problems);
  await ctx.close();
});

test('5. a finished game stays counted through undo; a new ending counts, a replay does not', async () => {
  const { page, problems, ctx } = await openAt(DESKTOP);
  await twoPlayers(page);
  await xWinsTopRow(page);
  const one = '1 game: X won 1, O won 0, 0 drawn.';
  assert.equal(await page.textContent('#tally'), one);
  await page.getByRole('button', { name: 'Undo' }).click();
  await h.waitIdle(page);
  assert.equal(await page.textContent('#tally'), one, 'undo does not take the loss away');
  /* Undo starts a new line: its end counts again. */
  await h.clickCell(page, 'c1');
  const two = '2 games: X won 2, O won 0, 0 drawn.';
  assert.equal(await page.textContent('#tally'), two);
  /* Back and forward along the same line replays it: counted once. */
  await page.getByRole('button', { name: 'Back' }).click();
  await h.waitIdle(page);
  assert.equal(await page.textContent('#tally'), two);
  await page.getByRole('button', { name: 'Forward' }).click();
  await h.waitIdle(page);
  assert.match(await h.status(page), /X wins/);
  assert.equal(await page.textContent('#tally'), two);
  /* A reload restores the finished game without counting it again. */
  await h.reload(page);
  assert.equal(await page.textContent('#tally'), two);
  assert.match(await h.status(page), /X wins/);
  h.checkNoProblems(problems);
  await ctx.close();
});

/* The move list: [ply label, side, cell, value text] per entry. */
function historyList(page) {
  return page.$$eval('#history-list button', (bs) => bs.map((b) => ({
    ply: Number(b.dataset.ply),
    text: b.getAttribute('aria-label'),
    current: b.getAttribute('aria-current') === 'step',
    future: b.closest('li').classList.contains('future'),
  })));
}

test('6. the move list goes back to any move and forward again, with every move\'s value', async () => {
  const { page, problems, ctx } = await openAt(DESKTOP);
  await twoPlayers(page);
  const moves = ['b2', 'a1', 'c3', 'a3', 'a2'];
  for (const cell of moves) await h.clickCell(page, cell);
  let list = await historyList(page);
  assert.deepEqual(list.map((e) => e.text), ['Move 1, X b2', 'Move 2, O a1', 'Move 3, X c3', 'Move 4, O a3', 'Move 5, X a2']);
  assert.deepEqual(list.map((e) => e.current), [false, false, false, false, true]);

  /* Back to move 2: the board, the list and the status follow. */
  await page.getByRole('button', { name: 'Move 2, O a1' }).click();
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, 'o../.x./...');
  list = await historyList(page);
  assert.deepEqual(list.map((e) => e.future), [false, false, true, true, true]);
  assert.ok(list[1].current);
  assert.equal(await h.status(page), 'Move 2: O a1. X to move.');
  await page.getByRole('button', { name: 'Forward' }).click();
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, 'o../.x./..x');
  /* The arrow keys in the list, and the start. */
  await page.getByRole('button', { name: 'Forward' }).focus();
  await page.keyboard.press('ArrowRight');
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, 'o../.x./o.x');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, '.../.../...');
  assert.equal((await historyList(page)).length, 5, 'the line is kept');

  /* The analysis view gives each move its value, as mnk analyze does in the
   * position before it. */
  await page.getByRole('button', { name: 'Move 5, X a2' }).click();
  await h.waitIdle(page);
  await page.getByRole('button', { name: 'Analysis' }).click();
  await h.waitIdle(page);
  list = await historyList(page);
  for (let i = 0; i < moves.length; i++) {
    const before = h.mnkJSON('analyze', ...(i ? ['--moves', moves.slice(0, i).join(',')] : []));
    const mv = before.moves.find((x) => x.move === moves[i]);
    assert.equal(list[i].text, `Move ${i + 1}, ${i % 2 ? 'O' : 'X'} ${moves[i]}, ${h.valueText(mv)}`);
  }
  /* A different move at an earlier position starts a new line. */
  await page.getByRole('button', { name: 'Move 3, X c3' }).click();
  await h.waitIdle(page);
  await h.clickCell(page, 'c1');
  list = await historyList(page);
  assert.deepEqual(list.map((e) => e.text.split(', ').slice(0, 2).join(', ')), ['Move 1, X b2', 'Move 2, O a1', 'Move 3, X c3', 'Move 4, O c1']);

  /* Against the computer, going back to its turn pauses it. */
  await page.getByLabel('You play X').check();
  await h.waitIdle(page);
  await page.getByRole('button', { name: 'Move 1, X b2' }).click();
  await h.waitIdle(page);
  assert.equal((await h.readBoard(page)).position, '.../.x./...');
  assert.match(await h.status(page), /The computer \(O\) is waiting: press "Computer, move"\.$/);
  h.checkNoProblems(problems);
  await ctx.close();
});

test('7. the game survives a reload; a link opens it elsewhere; the command gives mnk the same position', async () => {
  const { page, problems, ctx } = await openAt(DESKTOP, env.server.url);
  await twoPlayers(page);
  await usePreset(page, '4,4,3');
  for (const cell of ['b2', 'c3', 'a4', 'd1']) await h.clickCell(page, cell);
  await page.getByRole('button', { name: 'Move 3, X a4' }).click();
  await h.waitIdle(page);
  const position = (await h.readBoard(page)).position;
  assert.equal(position, '..../.x../..o./x...');

  await h.reload(page);
  assert.equal((await h.readBoard(page)).position, position, 'the position after a reload');
  assert.equal((await historyList(page)).length, 4, 'the line too');

  /* The command, run: the same position. */
  await page.locator('#share > summary').click();
  const command = await page.inputValue('#share-command');
  assert.equal(command, 'mnk analyze --rules 4,4,3 --moves b2,c3,a4');
  const args = command.split(' ').slice(1);
  const a = h.mnkJSON(args[0], ...args.slice(1));
  assert.equal(a.position, position);

  /* The link, copied, opens the same game in a browser that never saw it. */
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.waitForFunction(() => document.getElementById('share-note').textContent !== '');
  assert.equal(await page.textContent('#share-note'), 'The link is copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.inputValue('#share-link'));
  /* A browser that refuses the clipboard: the text is selected for the
   * player to copy, and the note says how. */
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    document.getElementById('share-note').textContent = '';
  });
  await page.getByRole('button', { name: 'Copy command' }).click();
  await page.waitForFunction(() => document.getElementById('share-note').textContent !== '');
  assert.equal(await page.textContent('#share-note'), 'The command is selected: copy it with Ctrl+C (⌘C on a Mac).');
  const selected = await page.evaluate(() => {
    const el = document.getElementById('share-command');
    return el.value.slice(el.selectionStart, el.selectionEnd);
  });
  assert.equal(selected, await page.inputValue('#share-command'));
  const other = await openAt(PHONE, link);
  assert.equal((await h.readBoard(other.page)).position, position);
  assert.deepEqual((await historyList(other.page)).map((e) => e.text), (await historyList(page)).map((e) => e.text));
  assert.ok(await other.page.getByLabel('Two players').isChecked());
  assert.match(await h.status(other.page), /^This is the game of the link\. O to move\.$/);
  h.checkNoProblems(other.problems);
  await other.ctx.close();

  /* Entries this page did not write are ignored without a word. */
  for (const entry of ['{not json', JSON.stringify({ v: 0, rules: { m: 4, n: 4, k: 3 }, moves: [1], line: [1] }),
    JSON.stringify({ v: 1, rules: { m: 4, n: 4, k: 3 }, moves: [99], line: [99] }),
    JSON.stringify({ v: 1, rules: { m: 4, n: 4, k: 3 }, moves: [5, 5], line: [5, 5] }),
    JSON.stringify({ v: 1, rules: { m: 4, n: 4, k: 9 }, moves: [], line: [] }), '[]', '7']) {
    await page.evaluate((e) => localStorage.setItem('mnk.game.v1', e), entry);
    await h.reload(page);
    assert.equal((await h.readBoard(page)).position, '..../..../..../....', entry);
  }
  /* The exact rule travels with the link and the command. */
  const exact = await openAt(DESKTOP, `${env.server.url}#v=1&rules=7,6,4,exact&moves=d6,d5&players=two&level=3`);
  assert.match(await exact.page.textContent('#board-rules'), /exactly 4 in a row wins/);
  await exact.page.locator('#share > summary').click();
  const exactCommand = await exact.page.inputValue('#share-command');
  assert.equal(exactCommand, 'mnk analyze --rules 7,6,4,exact --moves d6,d5');
  const ea = h.mnkJSON('analyze', ...exactCommand.split(' ').slice(2), '--time', '1');
  assert.equal(ea.position, (await h.readBoard(exact.page)).position);
  h.checkNoProblems(exact.problems);
  await exact.ctx.close();

  /* So is a broken link. */
  const broken = await openAt(DESKTOP, `${env.server.url}#v=1&rules=4,4,3&moves=b2,zz9`);
  assert.equal((await h.readBoard(broken.page)).position, '.../.../...', 'a fresh browser\'s empty board');
  h.checkNoProblems(broken.problems);
  await broken.ctx.close();
  await usePreset(page, '3,3,3');
  h.checkNoProblems(problems);
  await ctx.close();
});

test('8. the winning line is struck through, animated unless motion is reduced', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const { page, problems, ctx } = await openAt(DESKTOP, h.FILE_URL, { reducedMotion });
    await twoPlayers(page);
    await page.getByLabel('Two players').check();
    for (const cell of ['c1', 'a1', 'b2', 'a2', 'a3']) await h.clickCell(page, cell);
    assert.match(await h.status(page), /X has c1, b2, a3 in a row/);
    const ends = await page.evaluate(() => {
      const line = document.querySelector('#board .win-line line');
      const ctm = line.ownerSVGElement.getScreenCTM();
      const at = (x, y) => {
        const p = new DOMPoint(Number(line.getAttribute(x)), Number(line.getAttribute(y))).matrixTransform(ctm);
        return { x: p.x, y: p.y };
      };
      return { from: at('x1', 'y1'), to: at('x2', 'y2'), animation: getComputedStyle(line).animationName };
    });
    const centre = async (name) => {
      const b = await h.cellButton(page, name).boundingBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const c1 = await centre('c1');
    const a3 = await centre('a3');
    const near = (p, q) => Math.hypot(p.x - q.x, p.y - q.y) <= 1.5;
    assert.ok((near(ends.from, c1) && near(ends.to, a3)) || (near(ends.from, a3) && near(ends.to, c1)),
      `the stroke runs from c1 to a3 (${JSON.stringify(ends)} vs ${JSON.stringify({ c1, a3 })})`);
    assert.equal(ends.animation, reducedMotion === 'reduce' ? 'none' : 'strike');
    /* Undo takes the stroke away. */
    await page.getByRole('button', { name: 'Undo' }).click();
    await h.waitIdle(page);
    assert.equal(await page.locator('#board .win-line').count(), 0);
    h.checkNoProblems(problems);
    await ctx.close();
  }
});

test('9. the board-size form says what is wrong, marks the field and never resets the game', async () => {
  const { page, problems, ctx } = await openAt(DESKTOP, `${h.FILE_URL}?seed=6`);
  await h.clickCell(page, 'a1');
  const position = (await h.readBoard(page)).position;
  const status = await h.status(page);
  const submit = () => page.getByRole('button', { name: 'Start this board' }).click();
  const check = async (fields, message, invalid) => {
    for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
    await submit();
    await h.waitIdle(page);
    assert.equal(await page.textContent('#rules-error'), message);
    for (const id of ['rule-m', 'rule-n', 'rule-k']) {
      const bad = invalid.includes(id);
      assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), bad ? 'true' : null, `${id} aria-invalid`);
      assert.equal(await page.getAttribute(`#${id}`, 'aria-describedby'), bad ? 'rules-error' : null, `${id} aria-describedby`);
    }
    assert.equal((await h.readBoard(page)).position, position, 'the game goes on');
    assert.equal(await h.status(page), status);
  };
  await check({ 'rule-m': '' }, 'm (columns) is empty: enter a whole number from 1 to 20.', ['rule-m']);
  await check({ 'rule-m': '3', 'rule-n': '0' }, 'n (rows) must be at least 1; 0 is too small.', ['rule-n']);
  await check({ 'rule-n': '21' }, 'n (rows) must be at most 20; 21 is too large.', ['rule-n']);
  await check({ 'rule-n': '2.5' }, 'n (rows) must be a whole number from 1 to 20; "2.5" is not a whole number.', ['rule-n']);
  await check({ 'rule-n': '3', 'rule-k': '4' },
    'k (in a row) must be at most 3; 4 is too large (a line of more than 3 does not fit on 3×3).', ['rule-k']);
  await check({ 'rule-m': '', 'rule-k': '' },
    'm (columns) is empty: enter a whole number from 1 to 20. k (in a row) is empty: enter a whole number from 1 to 20.', ['rule-m', 'rule-k']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'rule-m', 'the first wrong field has the focus');
  /* Mending a field clears its mark at once. */
  await page.fill('#rule-m', '4');
  assert.equal(await page.getAttribute('#rule-m', 'aria-invalid'), null);
  assert.equal(await page.getAttribute('#rule-k', 'aria-invalid'), 'true');
  await page.fill('#rule-k', '3');
  await page.fill('#rule-n', '4');
  await submit();
  await h.waitIdle(page);
  assert.equal(await page.textContent('#rules-error'), '');
  assert.equal(await page.locator('#board .cell').count(), 16);
  await usePreset(page, '3,3,3');
  h.checkNoProblems(problems);
  await ctx.close();
});
