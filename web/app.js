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
  const { HUMAN, COMPUTER, MODES, TALLY_KEY } = mnkActions;
  const SETTINGS_KEY = 'mnk.settings.v1';
  /* Searches quicker than this never show the thinking bar. */
  const THINKING_SHOW_MS = 250;

  const params = new URLSearchParams(location.search);
  /* Pause between the moves of computer vs computer (?delay=ms). */
  const WATCH_DELAY_MS = params.has('delay') ? Math.max(0, Number(params.get('delay')) || 0) : 600;

  const $ = (id) => document.getElementById(id);
  const app = $('app');
  const statusEl = $('status');
  const thinkingEl = $('thinking');
  const thinkingText = $('thinking-text');
  const howEl = $('how');
  const howBody = $('how-body');

  const { load, save, tallyOf, addTally, Stopped, EngineError, Engine } = mnkClient;
  const { fmt, sideName, engineText, tallyText, rulesKey, para } = mnkView;

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
    engineView: null, /* or the engine's evaluation and best line, on its boards */
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

  /* ---- drawing -------------------------------------------------------- */

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

  /* The focus goes to cell (the arrow keys on the board). */
  function moveFocus(cell) {
    ui.focusCell = cell;
    for (const b of cellButtons) b.tabIndex = -1;
    cellButtons[cell].tabIndex = 0;
    cellButtons[cell].focus();
  }

  function render() {
    const s = ui.state;
    if (!s) return;
    if (ui.boardRules !== rulesKey(s.rules)) {
      cellButtons = mnkBoard.build(s);
      ui.boardRules = rulesKey(s.rules);
      ui.focusCell = s.cells.length === 9 ? 4 : Math.min(ui.focusCell, s.cells.length - 1);
    }
    const current = ui.overlay && ui.analysisFor === s.position;
    const canPlay = humanToMove();
    const view = {
      buttons: cellButtons,
      values: current ? ui.analysis : null,
      engine: current ? ui.engineView : null,
      lastMove: ui.lastMove,
      hint: ui.hint,
      focusCell: ui.focusCell,
      canPlay,
    };
    mnkBoard.drawCells(s, view);
    mnkBoard.drawLegend(s, view);
    mnkBoard.drawWinLine(s);

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
        note(`${sideName(side)} plays ${r.name}.` + (r.engine ? ` (The engine: ${engineText(r, side)}.)`
          : r.complete ? '' : ' (Best move found in the time allowed.)'));
        render();
      }
      const s = ui.state;
      if (ui.overlay && !s.over && ui.analysisFor !== s.position) {
        const a = await search('analyze', { timeMs: ui.thinkMs }, 'Analysing every move…');
        if (gen !== ui.gen) return;
        ui.analysis = a.engine ? null : new Map(a.moves.map((mv) => [mv.cell, mv.value]));
        ui.engineView = a.engine ? { ...a.engine, value: a.value } : null;
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

  /* ---- people's actions (actions.js) ------------------------------------ */

  const { playCell, undo, newGame, hint, toggleAnalysis, resume, stop, commitMode, goTo, setLevel, applyRules, resetTally } =
    mnkActions.create({ ui, act, call, search, note, render, saveSettings, cancelWork, failed, setIdle, totalTally, humanToMove });

  /* ---- keys and events ------------------------------------------------- */

  mnkForm.wire(applyRules);
  mnkControls.wire({
    state: () => ui.state,
    focus: moveFocus,
    playCell,
    stop,
    newGame,
    undo,
    hint,
    toggleAnalysis,
    resume,
    resetTally,
    commitMode,
    pendMode: () => { ui.modePending = true; },
    modePending: () => ui.modePending,
    goTo,
    setLevel,
    setThinkMs: (ms) => {
      ui.thinkMs = ms;
      saveSettings();
    },
    fit: mnkBoard.fit,
    howOpened: () => act(async () => {}, { keepComputer: true }),
    /* Another tab's games count here too. */
    tallyElsewhere: (key) => {
      if (key !== TALLY_KEY || !ui.state) return;
      ui.tallyBase = addTally(tallyOf(load(TALLY_KEY)), tallyOf(ui.state.tally), -1);
      render();
    },
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
    mnkForm.show(ui.rules);
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
        mnkForm.show(ui.rules);
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
      `(${fmt(Math.round(info.wasmBytes / 1024))} KiB, a ${fmt(info.tableBytes / 1048576)} MiB table for the solver ` +
      `and ${fmt(info.engineTableBytes / 1048576)} MiB for the big-board engine); ` +
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
