/*
 * app.js - the page: draws the match the engine's worker keeps, and turns
 * clicks and keys into the worker's operations (web/worker.js).
 *
 * The worker holds the truth (the library's mnk_match: board, players,
 * level, tally); every answer carries a snapshot of it, which render()
 * draws. The page keeps only what is about the view: the analysis values
 * on show, the hint, the last move, whether the computer is paused.
 *
 * Flow. A person's action goes through act(): it stops a search that is
 * running (when the action makes it moot), sends its operation, and then
 * advance() lets the computer move as long as it is its turn, and finally
 * refreshes the analysis overlay and the "how it thinks" panel. Every
 * action bumps a generation number; a loop that finds the number changed
 * after an await has been overtaken and quietly ends.
 *
 * The line of play. The page remembers the moves of the game (ui.line);
 * the board shows its first moves (the worker's history). Undo and the
 * move list go back along the line without forgetting it, Forward and the
 * list go forward again, and a move off the line starts a new line. Going
 * back to where the computer is to move pauses it, so that the rest of the
 * line is not played over.
 *
 * The tally. The worker's match counts a game when it ends and takes it
 * back when the end is undone; the page keeps every finished game counted
 * (ui.tallyBase makes up the difference), and counts a line that is only
 * replayed (Forward, a reload, a link) once.
 *
 * Stopping. A worker busy in a search cannot read messages, so Stop
 * terminates it and starts a fresh one with the same rules, players, level
 * and moves; the tally it had counted moves into the page's base (kept in
 * localStorage with it).
 */
'use strict';

(() => {
  const HUMAN = 0;
  const COMPUTER = 1;
  const MODES = {
    x: { x: HUMAN, o: COMPUTER },
    o: { x: COMPUTER, o: HUMAN },
    two: { x: HUMAN, o: HUMAN },
    watch: { x: COMPUTER, o: COMPUTER },
  };
  const LEVEL_NAMES = ['easy', 'medium', 'hard', 'perfect'];
  /* Switching players keeps the game: the computer takes over the side it
   * now plays (and moves if it is its turn), as in `mnk play`. */
  const MODE_NEWS = {
    x: 'You play X now; the game goes on.',
    o: 'You play O now; the game goes on.',
    two: 'Two players now; the game goes on.',
    watch: 'The computer plays both sides now.',
  };
  const TALLY_KEY = 'mnk.tally.v1';
  const SETTINGS_KEY = 'mnk.settings.v1';
  /* Searches quicker than this never show the thinking bar. */
  const THINKING_SHOW_MS = 250;
  /* Room below the actions, in px, when the board is fitted to the window. */
  const FIT_MARGIN = 12;
  /* Values are written out in full on boards up to this side. */
  const FULL_VALUE_SIDE = 5;

  const params = new URLSearchParams(location.search);
  /* Pause between the moves of computer vs computer (?delay=ms). */
  const WATCH_DELAY_MS = params.has('delay') ? Math.max(0, Number(params.get('delay')) || 0) : 600;

  const $ = (id) => document.getElementById(id);
  const app = $('app');
  const boardEl = $('board');
  const statusEl = $('status');
  const thinkingEl = $('thinking');
  const thinkingText = $('thinking-text');
  const howEl = $('how');
  const howBody = $('how-body');

  const { load, save, tallyOf, addTally, Stopped, EngineError, STATUS_NO_UNDO, Engine } = mnkClient;

  /* ---- what the page keeps -------------------------------------------- */

  const saved = load(SETTINGS_KEY) || {};
  const ui = {
    state: null, /* the worker's last snapshot */
    mode: MODES[saved.mode] ? saved.mode : 'x',
    level: [0, 1, 2, 3].includes(saved.level) ? saved.level : 3,
    rules: saved.rules && saved.rules.m ? saved.rules : { m: 3, n: 3, k: 3 },
    thinkMs: [1000, 3000, 10000, 30000].includes(saved.thinkMs) ? saved.thinkMs : 3000,
    overlay: false,
    analysis: null, /* cell -> value, for the overlay */
    analysisFor: '',
    hint: null,
    lastMove: null,
    paused: false,
    message: '', /* the latest event: a move, a hint, an error */
    gen: 0,
    working: 0, /* token of the running search, 0 when none */
    workingOp: '',
    focusCell: 0,
    tallyBase: tallyOf(load(TALLY_KEY)),
    seedCount: 0,
    searches: 0,
    boardRules: '',
    line: [], /* the line of play; the board shows its first history.length moves */
    lineValues: null, /* the value of each move of the line, for its player */
    lineValuesFor: '',
    workerTally: null, /* the worker's tally at its last answer */
    counted: new Set(), /* finished lines of play already in the tally */
    messageFor: '', /* the position and players the message is about */
    modePending: false, /* a Players choice crossed with the arrow keys, not yet made */
  };
  let engine = null;
  let cellButtons = [];
  let busyTimer = null;
  let busyText = '';

  function seed() {
    if (params.has('seed')) {
      const s = Number(params.get('seed')) + ui.seedCount++;
      return [s >>> 0, Math.floor(s / 2 ** 32) >>> 0];
    }
    return Array.from(crypto.getRandomValues(new Uint32Array(2)));
  }

  /* The message stays while the position and the players are those it was
   * written for; after anything else it would be stale. */
  function stamp() {
    const s = ui.state;
    return s ? `${s.position}|${s.players.x}${s.players.o}|${s.history.length}` : '';
  }

  function note(text) {
    ui.message = text;
    ui.messageFor = stamp();
  }

  function lineKey(s, moves) {
    return `${rulesKey(s.rules)}:${moves.join(',')}`;
  }

  function saveSettings() {
    save(SETTINGS_KEY, { mode: ui.mode, level: ui.level, rules: ui.rules, thinkMs: ui.thinkMs });
  }

  function totalTally() {
    return addTally(ui.tallyBase, tallyOf(ui.state && ui.state.tally));
  }

  /* ---- words ---------------------------------------------------------- */

  const { fmt, sideName, valueText, valueShort, para } = mnkView;

  function isHuman(side) {
    return ui.state.players[side] === HUMAN;
  }

  function vsComputer() {
    return ui.state.players.x !== ui.state.players.o;
  }

  function humanToMove() {
    const s = ui.state;
    return !s.over && !s.computerToMove;
  }

  /* The state of play in words: whose turn, or how the game ended. */
  function turnText() {
    const s = ui.state;
    if (s.over) {
      if (!s.winner) return 'The game is a draw.';
      const line = s.line.map((c) => s.names[c]).join(', ');
      const who = vsComputer() ? (isHuman(s.winner) ? 'You win!' : 'The computer wins.') : `${sideName(s.winner)} wins.`;
      return `${who} ${sideName(s.winner)} has ${line} in a row.`;
    }
    const side = sideName(s.toMove);
    if (s.computerToMove) {
      if (ui.paused) return `The computer (${side}) is waiting: press "Computer, move".`;
      return `The computer (${side}) is to move.`;
    }
    if (ui.state.players.x === HUMAN && ui.state.players.o === HUMAN) return `${side} to move.`;
    return `Your move (${side}).`;
  }

  function tallyText(t) {
    if (t.games === 0) return 'No games yet.';
    const games = t.games === 1 ? '1 game' : `${fmt(t.games)} games`;
    let text = `${games}: X won ${fmt(t.x_wins)}, O won ${fmt(t.o_wins)}, ${fmt(t.draws)} drawn.`;
    const vs = t.human_wins + t.human_losses + t.human_draws;
    if (vs > 0)
      text += ` Against the computer: ${fmt(t.human_wins)} won, ${fmt(t.human_losses)} lost, ${fmt(t.human_draws)} drawn.`;
    return text;
  }

  /* ---- drawing -------------------------------------------------------- */

  /* What wins under the rules, in words. */
  function winsText(r) {
    return r.exact ? `exactly ${r.k} in a row wins, an overline does not` : `${r.k} in a row wins`;
  }

  function rulesKey(r) {
    return `${r.m},${r.n},${r.k}${r.exact ? ',exact' : ''}`;
  }

  /* New buttons for new rules. */
  function buildBoard() {
    const { m, n } = ui.state.rules;
    const frame = $('board-frame');
    frame.style.setProperty('--m', m);
    frame.style.setProperty('--n', n);
    frame.classList.toggle('compact', m > FULL_VALUE_SIDE || n > FULL_VALUE_SIDE);
    boardEl.setAttribute('aria-label', `Board, ${m} columns by ${n} rows, ${winsText(ui.state.rules)}`);
    boardEl.replaceChildren();
    cellButtons = [];
    for (let c = 0; c < m * n; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'cell';
      b.dataset.cell = String(c);
      b.tabIndex = -1;
      b.innerHTML = '<span class="mark" aria-hidden="true"></span><span class="val" aria-hidden="true"></span>';
      cellButtons.push(b);
      boardEl.appendChild(b);
    }
    const cols = $('col-labels');
    const rows = $('row-labels');
    cols.replaceChildren();
    rows.replaceChildren();
    for (let c = 0; c < m; c++) {
      const s = document.createElement('span');
      s.textContent = ui.state.names[c].replace(/[0-9]+$/, '');
      cols.appendChild(s);
    }
    for (let r = 0; r < n; r++) {
      const s = document.createElement('span');
      s.textContent = String(r + 1);
      rows.appendChild(s);
    }
    ui.focusCell = Math.min(ui.focusCell, m * n - 1);
    if (m * n === 9) ui.focusCell = 4;
    fitBoard();
  }

  /* Tells the stylesheet how much of the window's height the rest of what
   * must be seen with the board takes (from the page's top to the end of
   * the buttons), so that the cells shrink to leave room for it. */
  function fitBoard() {
    const scroll = $('board-scroll');
    const actions = document.querySelector('.actions');
    const chrome = actions.getBoundingClientRect().bottom + window.scrollY -
      scroll.getBoundingClientRect().height + FIT_MARGIN;
    $('board-scroll').style.setProperty('--chrome', `${Math.round(chrome)}px`);
  }

  function drawWinLine(s) {
    const old = boardEl.querySelector('.win-line');
    const key = s.over && s.line.length ? s.position : '';
    if (old && old.dataset.key === key) return;
    if (old) old.remove();
    if (key) boardEl.appendChild(mnkView.winLine(s));
  }

  const { moverOf } = mnkView;

  /* The move list: the line of play, the moves on the board and those that
   * Forward would replay, each a button that goes to the position after it. */
  function renderHistory(s) {
    const list = $('history-list');
    const at = s.history.length;
    const values = ui.overlay && ui.lineValuesFor === lineKey(s, ui.line) ? ui.lineValues : null;
    const items = mnkView.moveItems(s, ui.line, values);
    list.replaceChildren(...items);
    $('history-empty').hidden = ui.line.length > 0;
    $('to-start').disabled = at === 0;
    $('back').disabled = at === 0;
    $('forward').disabled = at >= ui.line.length;
  }

  /* Whether undo has a person's move to take back (as mnk_match_undo). */
  function canUndo(s) {
    return s.history.some((_, i) => s.players[moverOf(i)] === HUMAN);
  }

  function renderShare(s) {
    const base = location.href.split('#')[0];
    $('share-link').value = base + mnkStore.linkHash({ rules: s.rules, line: ui.line, at: s.history.length, mode: ui.mode, level: ui.level });
    $('share-command').value = mnkStore.command(s.rules, s.history);
  }

  function render() {
    const s = ui.state;
    if (!s) return;
    const { m, n } = s.rules;
    if (ui.boardRules !== rulesKey(s.rules)) {
      buildBoard();
      ui.boardRules = rulesKey(s.rules);
      $('board-rules').textContent = `${m}×${n}: ${winsText(s.rules)}.`;
    }
    const showValues = ui.overlay && ui.analysis && ui.analysisFor === s.position;
    const canPlay = humanToMove();
    for (let c = 0; c < m * n; c++) {
      const b = cellButtons[c];
      const piece = s.cells[c];
      const mark = piece === 1 ? 'X' : piece === 2 ? 'O' : '';
      const parts = [s.names[c], mark || 'empty'];
      const v = showValues && !piece ? ui.analysis.get(c) : null;
      b.firstChild.textContent = mark;
      b.lastChild.textContent = v ? (b.closest('.compact') ? valueShort(v) : valueText(v)) : '';
      b.classList.toggle('x', piece === 1);
      b.classList.toggle('o', piece === 2);
      b.classList.toggle('win-cell', s.line.includes(c));
      b.classList.toggle('last', c === ui.lastMove);
      b.classList.toggle('hint', c === ui.hint);
      for (const r of ['win', 'draw', 'loss', 'unknown']) b.classList.toggle(`v-${r}`, !!v && v.result === r);
      if (s.line.includes(c)) parts.push('winning line');
      if (c === ui.lastMove) parts.push('last move');
      if (c === ui.hint) parts.push('hint');
      if (v) parts.push(valueText(v));
      b.setAttribute('aria-label', parts.join(', '));
      b.setAttribute('aria-disabled', String(!!piece || !canPlay));
      b.tabIndex = c === ui.focusCell ? 0 : -1;
    }
    const legend = $('legend');
    legend.hidden = !showValues;
    if (showValues) {
      legend.textContent = `Values for ${sideName(s.toMove)}, who is to move: win or loss in so many plies with perfect play by both sides, or draw.`;
      if ([...ui.analysis.values()].some((v) => !v.proven))
        legend.textContent += ' "?": not proven in the time allowed.';
    }

    drawWinLine(s);

    const message = ui.messageFor === stamp() ? ui.message : '';
    const text = [message, turnText()].filter(Boolean).join(' ');
    if (statusEl.textContent !== text) statusEl.textContent = text;
    app.classList.toggle('over', s.over);
    renderHistory(s);
    renderShare(s);

    $('undo').disabled = !canUndo(s);
    $('hint').disabled = !canPlay;
    $('analysis').setAttribute('aria-pressed', String(ui.overlay));
    $('resume').hidden = !(ui.paused && s.computerToMove && !s.over);
    $('tally').textContent = tallyText(totalTally());

    if (!ui.modePending)
      for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === ui.mode;
    for (const r of document.querySelectorAll('input[name=level]')) r.checked = Number(r.value) === ui.level;
    $('think-time').value = String(ui.thinkMs);
  }

  /* A new snapshot from the worker. Keeps the line of play (a history off
   * the line starts a new one) and the tally: a finished game the worker
   * took back by an undo stays counted, and a line already counted that
   * ends again (replayed) is not counted twice. */
  function setState(state) {
    const before = ui.workerTally;
    const after = tallyOf(state.tally);
    if (before && after.games < before.games) {
      ui.tallyBase = addTally(ui.tallyBase, addTally(before, after, -1));
    } else if (before && after.games > before.games) {
      const key = lineKey(state, state.history);
      if (ui.counted.has(key)) ui.tallyBase = addTally(ui.tallyBase, addTally(after, before, -1), -1);
      else ui.counted.add(key);
    }
    ui.workerTally = after;
    const onLine = state.history.length <= ui.line.length && state.history.every((c, i) => ui.line[i] === c);
    if (!onLine) ui.line = state.history.slice();
    ui.state = state;
    save(TALLY_KEY, totalTally());
    save(mnkStore.GAME_KEY, mnkStore.savedGame(state.rules, state.history, ui.line));
  }

  function setBusy(text) {
    app.dataset.state = 'busy';
    busyText = text || '';
    clearTimeout(busyTimer);
    thinkingEl.hidden = true;
    if (text) {
      busyTimer = setTimeout(() => {
        thinkingText.textContent = busyText;
        thinkingEl.hidden = false;
        app.dataset.state = 'thinking';
      }, THINKING_SHOW_MS);
    }
  }

  function setIdle() {
    clearTimeout(busyTimer);
    busyTimer = null;
    thinkingEl.hidden = true;
    app.dataset.state = 'idle';
  }

  function onProgress({ nodes }) {
    if (busyText) thinkingText.textContent = `${busyText} ${fmt(nodes)} positions so far.`;
  }

  /* ---- talking to the worker ------------------------------------------ */

  async function call(op, args) {
    const reply = await engine.call(op, args);
    if (reply.state) setState(reply.state);
    return reply.data;
  }

  /* A search that may take long: shows the thinking bar and can be stopped. */
  async function search(op, args, text) {
    const token = ++ui.searches;
    ui.working = token;
    ui.workingOp = op;
    setBusy(text);
    try {
      return await call(op, args);
    } finally {
      if (ui.working === token) {
        ui.working = 0;
        ui.workingOp = '';
      }
    }
  }

  /* Ends the running search: a new worker with the same match. */
  async function cancelWork() {
    if (!ui.working) return;
    ui.working = 0;
    ui.workingOp = '';
    ui.tallyBase = totalTally();
    ui.workerTally = null;
    engine.restart();
    const s = ui.state;
    await call('init', { seed: seed(), rules: s.rules, players: s.players, level: s.level, moves: s.history });
  }

  /* A person's action: stops a search it makes moot, runs, then lets the
   * game go on. keepComputer leaves a computer's search running. */
  async function act(fn, { keepComputer = false } = {}) {
    if (!ui.state) return;
    if (keepComputer && ui.workingOp === 'computer') {
      await fn();
      render();
      return;
    }
    const gen = ++ui.gen;
    setBusy('');
    try {
      await cancelWork();
      await fn();
    } catch (err) {
      if (err instanceof Stopped) return;
      failed(err);
    }
    if (gen === ui.gen) await advance(gen);
  }

  function failed(err) {
    console.error('mnk:', err);
    note(`Something went wrong: ${err.message}.`);
    render();
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /* Lets the computer play while it is its turn, then refreshes the
   * overlay and the panel for the position a person now faces. */
  async function advance(gen) {
    try {
      render();
      while (!ui.state.over && ui.state.computerToMove && !ui.paused) {
        const side = ui.state.toMove;
        if (ui.state.players.x === COMPUTER && ui.state.players.o === COMPUTER) {
          setBusy('');
          await sleep(WATCH_DELAY_MS);
          if (gen !== ui.gen) return;
        }
        const r = await search('computer', { timeMs: ui.thinkMs }, `The computer (${sideName(side)}) is thinking…`);
        if (gen !== ui.gen) return;
        ui.lastMove = r.cell;
        ui.hint = null;
        note(`${sideName(side)} plays ${r.name}.` + (r.complete ? '' : ' (Best move found in the time allowed.)'));
        render();
      }
      const s = ui.state;
      if (ui.overlay && !s.over && ui.analysisFor !== s.position) {
        const a = await search('analyze', { timeMs: ui.thinkMs }, 'Analysing every move…');
        if (gen !== ui.gen) return;
        ui.analysis = new Map(a.moves.map((mv) => [mv.cell, mv.value]));
        ui.analysisFor = s.position;
        render();
      }
      const key = lineKey(s, ui.line);
      if (ui.overlay && ui.line.length && ui.lineValuesFor !== key) {
        const v = await search('lineValues', { line: ui.line, timeMs: ui.thinkMs }, 'Valuing every move of the game…');
        if (gen !== ui.gen) return;
        ui.lineValues = v;
        ui.lineValuesFor = key;
        render();
      }
      if (howEl.open) {
        await refreshHow(gen);
        if (gen !== ui.gen) return;
      }
      render();
      setIdle();
    } catch (err) {
      if (err instanceof Stopped) return;
      failed(err);
      setIdle();
    }
  }

  async function refreshHow(gen) {
    const s = ui.state;
    if (s.over) {
      howBody.replaceChildren(para('The game is over: undo a move or start a new game to see a position.'));
      return;
    }
    const data = await search('think', { timeMs: ui.thinkMs }, 'Comparing minimax and the solver…');
    if (gen !== ui.gen) return;
    howBody.replaceChildren(...mnkView.howNodes(data, s));
    $('how-news').textContent = mnkView.howNews(data, s);
  }

  /* ---- people's actions ----------------------------------------------- */

  function say(text) {
    note(text);
    render();
  }

  function playCell(cell) {
    const s = ui.state;
    if (!s) return;
    ui.focusCell = cell;
    const name = s.names[cell];
    if (ui.workingOp === 'computer') return say('The computer is thinking: press Stop (Esc) to interrupt it.');
    if (s.over) return say('The game is over: press New game.');
    if (s.computerToMove) return say("It is the computer's move.");
    if (s.cells[cell]) return say(`${name} is taken.`);
    const side = s.toMove;
    act(async () => {
      if (ui.line[s.history.length] !== cell) ui.counted.clear();
      await call('play', { cell });
      ui.lastMove = cell;
      ui.hint = null;
      note(`${sideName(side)} plays ${name}.`);
    });
  }

  function undo() {
    act(async () => {
      try {
        await call('undo');
      } catch (err) {
        if (!(err instanceof EngineError) || err.status !== STATUS_NO_UNDO) throw err;
        note('Nothing to undo.');
        return;
      }
      const h = ui.state.history;
      ui.counted.clear(); /* what follows is a new line of play */
      ui.lastMove = h.length ? h[h.length - 1] : null;
      ui.hint = null;
      ui.paused = false;
      note('Move taken back.');
    });
  }

  function newGame() {
    act(async () => {
      await call('newGame');
      ui.line = [];
      ui.counted.clear();
      ui.lastMove = null;
      ui.hint = null;
      ui.paused = false;
      note('New game.');
    });
  }

  function hint() {
    if (!ui.state || !humanToMove() || ui.workingOp === 'computer') return;
    act(async () => {
      const h = await search('hint', { timeMs: ui.thinkMs }, 'Looking for the best move…');
      ui.hint = h.cell;
      ui.focusCell = h.cell;
      note(`Hint: ${h.name}, ${valueText(h.value)}.`);
    });
  }

  function toggleAnalysis() {
    act(async () => {
      ui.overlay = !ui.overlay;
      note(ui.overlay ? 'Analysis on.' : 'Analysis off.');
      if (!ui.overlay) {
        ui.analysis = null;
        ui.analysisFor = '';
      }
    }, { keepComputer: true });
  }

  function resume() {
    act(async () => {
      ui.paused = false;
      note('');
    });
  }

  async function stop() {
    if (!ui.working) return;
    const op = ui.workingOp;
    ui.gen++;
    try {
      await cancelWork();
    } catch (err) {
      failed(err);
    }
    if (op === 'computer') {
      ui.paused = true;
      note('Stopped.');
    } else if (op === 'analyze') {
      ui.overlay = false;
      note('Analysis stopped.');
    } else if (op === 'think') {
      howBody.replaceChildren(para('Stopped. Close and open the panel to try again.'));
      howEl.open = false;
      note('');
    } else {
      note('Stopped.');
    }
    render();
    setIdle();
  }

  function setMode(mode) {
    if (!MODES[mode]) return;
    act(async () => {
      ui.mode = mode;
      saveSettings();
      await call('setPlayers', MODES[mode]);
      ui.paused = false;
      note(MODE_NEWS[mode]);
    });
  }

  /* The Players group applies a choice when it is made: a click, Space,
   * Enter, or leaving the group after moving through it with the arrow
   * keys (which only select: WCAG 3.2.2). */
  function chosenMode() {
    const r = document.querySelector('input[name=mode]:checked');
    return r ? r.value : ui.mode;
  }

  function commitMode() {
    ui.modePending = false;
    if (chosenMode() !== ui.mode) setMode(chosenMode());
  }

  /* ---- the line of play ------------------------------------------------ */

  /* Shows the position after the first `ply` moves of the line. */
  function goTo(ply) {
    const s = ui.state;
    if (!s || ply < 0 || ply > ui.line.length || ply === s.history.length) return;
    const line = ui.line.slice();
    act(async () => {
      await call('setMoves', { moves: line.slice(0, ply) });
      ui.line = line;
      ui.lastMove = ply ? line[ply - 1] : null;
      ui.hint = null;
      const t = ui.state;
      ui.paused = t.computerToMove && !t.over;
      note(ply ? `Move ${ply}: ${sideName(moverOf(ply - 1))} ${t.names[line[ply - 1]]}.` : 'The start of the game.');
    });
  }

  function setLevel(level) {
    act(async () => {
      ui.level = level;
      saveSettings();
      await call('setLevel', { level });
      note(`Level: ${LEVEL_NAMES[level]}.`);
    });
  }

  function showRulesInForm(r) {
    $('rule-m').value = r.m;
    $('rule-n').value = r.n;
    $('rule-k').value = r.k;
    $('rule-exact').value = r.exact ? 'exact' : 'freestyle';
    const key = rulesKey(r);
    const preset = $('preset');
    preset.value = [...preset.options].some((o) => o.value === key) ? key : 'custom';
  }

  /* Reads the board-size form (mnkStore.RULE_FIELDS), marks each wrong field
   * (aria-invalid, and aria-describedby to the words that say why) and
   * returns the rules, or null when a field is wrong. */
  function readRulesForm() {
    const fields = {};
    for (const f of mnkStore.RULE_FIELDS) {
      const el = $(f.id);
      fields[f.key] = { text: el.value, badInput: el.validity.badInput };
    }
    const { rules, errors } = mnkStore.checkRules(fields);
    showRuleErrors(errors);
    /* The rule's choice cannot be wrong: it joins the numbers as they are. */
    return Object.keys(errors).length ? null : { ...rules, exact: $('rule-exact').value === 'exact' };
  }

  function showRuleErrors(errors) {
    for (const f of mnkStore.RULE_FIELDS) {
      const el = $(f.id);
      if (errors[f.key]) {
        el.setAttribute('aria-invalid', 'true');
        el.setAttribute('aria-describedby', 'rules-error');
      } else {
        el.removeAttribute('aria-invalid');
        el.removeAttribute('aria-describedby');
      }
    }
    const text = mnkStore.RULE_FIELDS.filter((f) => errors[f.key]).map((f) => errors[f.key]).join(' ');
    if ($('rules-error').textContent !== text) $('rules-error').textContent = text;
  }

  /* A wrong form says why and changes nothing: the game goes on. */
  function applyRules() {
    const r = readRulesForm();
    if (!r) {
      const bad = mnkStore.RULE_FIELDS.find((f) => $(f.id).getAttribute('aria-invalid') === 'true');
      if (bad) $(bad.id).focus();
      return;
    }
    const error = $('rules-error');
    act(async () => {
      try {
        await call('setRules', r);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        error.textContent = `These rules do not work: ${err.message}.`;
        return;
      }
      error.textContent = '';
      ui.line = [];
      ui.counted.clear();
      ui.rules = r;
      saveSettings();
      showRulesInForm(r);
      ui.lastMove = null;
      ui.hint = null;
      ui.paused = false;
      ui.focusCell = 0;
      note(r.exact ? `New game on ${r.m}×${r.n}, exactly ${r.k} in a row.` : `New game on ${r.m}×${r.n}, ${r.k} in a row.`);
    });
  }

  function resetTally() {
    ui.tallyBase = addTally(tallyOf(null), tallyOf(ui.state.tally), -1);
    save(TALLY_KEY, totalTally());
    say('Tally reset.');
  }

  /* ---- keys and events ------------------------------------------------- */

  function moveFocus(cell) {
    ui.focusCell = cell;
    for (const b of cellButtons) b.tabIndex = -1;
    cellButtons[cell].tabIndex = 0;
    cellButtons[cell].focus();
  }

  boardEl.addEventListener('click', (e) => {
    const b = e.target.closest('button.cell');
    if (b) playCell(Number(b.dataset.cell));
  });

  boardEl.addEventListener('keydown', (e) => {
    const b = e.target.closest('button.cell');
    if (!b || e.altKey || e.ctrlKey || e.metaKey) return;
    const { m, n } = ui.state.rules;
    const c = Number(b.dataset.cell);
    const r = Math.floor(c / m);
    const col = c % m;
    const to = {
      ArrowLeft: col > 0 ? c - 1 : c,
      ArrowRight: col < m - 1 ? c + 1 : c,
      ArrowUp: r > 0 ? c - m : c,
      ArrowDown: r < n - 1 ? c + m : c,
      Home: r * m,
      End: r * m + m - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    moveFocus(to);
  });

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest('input, select, textarea')) return;
    const key = e.key.toLowerCase();
    if (key === 'escape') stop();
    else if (key === 'n') newGame();
    else if (key === 'u') undo();
    else if (key === 'h') hint();
    else if (key === 'a') toggleAnalysis();
    else return;
    e.preventDefault();
  });

  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('analysis').addEventListener('click', toggleAnalysis);
  $('resume').addEventListener('click', resume);
  $('stop').addEventListener('click', stop);
  $('reset-tally').addEventListener('click', resetTally);
  let arrowing = false;
  $('mode').addEventListener('keydown', (e) => {
    if (e.key.startsWith('Arrow')) {
      arrowing = true;
      setTimeout(() => { arrowing = false; });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      commitMode();
    }
  });
  $('mode').addEventListener('change', () => {
    if (arrowing) {
      ui.modePending = true;
      return;
    }
    commitMode();
  });
  $('mode').addEventListener('focusout', (e) => {
    if (ui.modePending && !$('mode').contains(e.relatedTarget)) commitMode();
  });
  $('history-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(Number(b.dataset.ply));
  });
  $('to-start').addEventListener('click', () => goTo(0));
  $('back').addEventListener('click', () => goTo(ui.state.history.length - 1));
  $('forward').addEventListener('click', () => goTo(ui.state.history.length + 1));
  $('history').addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !ui.state) return;
    const to = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (!to) return;
    e.preventDefault();
    goTo(ui.state.history.length + to);
  });
  for (const [button, field, what] of [['copy-link', 'share-link', 'link'], ['copy-command', 'share-command', 'command']]) {
    $(button).addEventListener('click', async () => {
      const el = $(field);
      el.select();
      try {
        await navigator.clipboard.writeText(el.value);
        $('share-note').textContent = `The ${what} is copied.`;
      } catch (err) {
        $('share-note').textContent = `The ${what} is selected: copy it with Ctrl+C (⌘C on a Mac).`;
      }
    });
  }
  for (const f of mnkStore.RULE_FIELDS)
    $(f.id).addEventListener('input', () => {
      $('preset').value = 'custom';
      if ($('rules-error').textContent) readRulesForm();
    });
  window.addEventListener('resize', () => requestAnimationFrame(fitBoard));
  $('level').addEventListener('change', (e) => setLevel(Number(e.target.value)));
  $('think-time').addEventListener('change', (e) => {
    ui.thinkMs = Number(e.target.value);
    saveSettings();
  });
  $('preset').addEventListener('change', (e) => {
    if (e.target.value === 'custom') {
      $('rule-m').focus();
      return;
    }
    const [m, n, k, rule] = e.target.value.split(',');
    showRulesInForm({ m, n, k, exact: rule === 'exact' });
    applyRules();
  });
  $('rule-exact').addEventListener('change', () => {
    const preset = $('preset');
    const key = rulesKey({ m: $('rule-m').value, n: $('rule-n').value, k: $('rule-k').value, exact: $('rule-exact').value === 'exact' });
    preset.value = [...preset.options].some((o) => o.value === key) ? key : 'custom';
  });
  $('rules-form').addEventListener('submit', (e) => {
    e.preventDefault();
    applyRules();
  });
  howEl.addEventListener('toggle', () => {
    if (howEl.open) act(async () => {}, { keepComputer: true });
  });
  /* Another tab's games count here too. */
  window.addEventListener('storage', (e) => {
    if (e.key !== TALLY_KEY || !ui.state) return;
    ui.tallyBase = addTally(tallyOf(load(TALLY_KEY)), tallyOf(ui.state.tally), -1);
    render();
  });

  /* ---- start ------------------------------------------------------------ */

  const sameRules = (a, b) => a.m === b.m && a.n === b.n && a.k === b.k && !!a.exact === !!b.exact;

  /* Starts the engine with the game of the link the page was opened with,
   * else the game kept from the last visit, else an empty board; an entry
   * that does not replay is dropped without a word. The game restored is
   * not counted again in the tally. */
  async function boot() {
    engine = new Engine(onProgress);
    const link = mnkStore.readLinkHash(location.hash);
    const kept = mnkStore.readSavedGame(load(mnkStore.GAME_KEY));
    let start = null;
    if (link) {
      ui.rules = link.rules;
      if (link.mode) ui.mode = link.mode;
      if (link.level !== null) ui.level = link.level;
      saveSettings();
      start = link;
      window.history.replaceState(null, '', location.href.split('#')[0]);
    } else if (kept && sameRules(kept.rules, ui.rules)) {
      start = kept;
    }
    showRulesInForm(ui.rules);
    const init = (moves) => call('init', { seed: seed(), rules: ui.rules, players: MODES[ui.mode], level: ui.level, moves });
    let info;
    try {
      info = await init(start ? start.moves : []);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      start = null;
      try {
        info = await init([]);
      } catch (err2) {
        if (!(err2 instanceof EngineError)) throw err2;
        ui.rules = { m: 3, n: 3, k: 3 };
        showRulesInForm(ui.rules);
        info = await init([]);
      }
    }
    if (start) {
      const s = ui.state;
      ui.line = start.line.slice();
      ui.tallyBase = addTally(ui.tallyBase, tallyOf(s.tally), -1);
      if (s.over) ui.counted.add(lineKey(s, s.history));
      ui.lastMove = s.history.length ? s.history[s.history.length - 1] : null;
      ui.paused = s.computerToMove && !s.over && ui.line.length > s.history.length;
      setState(s);
    }
    $('engine-info').textContent = `The engine is the mnk C library compiled to WebAssembly with clang ` +
      `(${fmt(Math.round(info.wasmBytes / 1024))} KiB, ${fmt(info.tableBytes / 1048576)} MiB table); ` +
      'it runs in a worker inside this page and needs no network.';
    note(link && start ? 'This is the game of the link.' : '');
    render();
    /* The engine, from the console: mnkEngine.call('count', {m: 3, n: 3, k: 3}). */
    window.mnkEngine = {
      call: (op, args) => engine.call(op, args).then((r) => r.data),
    };
    app.dataset.ready = 'true';
    const gen = ++ui.gen;
    await advance(gen);
  }

  boot().catch(failed);
})();
