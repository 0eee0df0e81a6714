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
  const TALLY_FIELDS = ['games', 'x_wins', 'o_wins', 'draws', 'human_wins', 'human_losses', 'human_draws'];
  const TALLY_KEY = 'mnk.tally.v1';
  const SETTINGS_KEY = 'mnk.settings.v1';
  /* Searches quicker than this never show the thinking bar. */
  const THINKING_SHOW_MS = 250;
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

  /* ---- storage (absent or refused storage must not break the game) ---- */

  function load(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || 'null');
    } catch (e) {
      return null;
    }
  }

  function save(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* private mode or file:// without storage: the tally lasts the visit */
    }
  }

  function tallyOf(obj) {
    const t = {};
    for (const f of TALLY_FIELDS) t[f] = Number((obj && obj[f]) || 0);
    return t;
  }

  function addTally(a, b, sign = 1) {
    const t = {};
    for (const f of TALLY_FIELDS) t[f] = a[f] + sign * b[f];
    return t;
  }

  /* ---- the engine's worker -------------------------------------------- */

  class Stopped extends Error {}

  class EngineError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  /* mnk_status values the page tells apart (include/mnk.h). */
  const STATUS_NO_UNDO = 9;

  class Engine {
    constructor(onProgress) {
      const source = $('mnk-worker-source').textContent;
      this.url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      this.onProgress = onProgress;
      this.pending = new Map();
      this.nextId = 1;
      this.start();
    }

    start() {
      this.worker = new Worker(this.url);
      this.worker.onmessage = (e) => this.receive(e.data);
      this.worker.onerror = (e) => {
        e.preventDefault();
        this.failAll(new Error(`the engine stopped working: ${e.message}`));
      };
    }

    receive(msg) {
      if (msg.type === 'progress') {
        this.onProgress(msg);
        return;
      }
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg);
      else p.reject(new EngineError(msg.status, msg.error));
    }

    call(op, args) {
      return new Promise((resolve, reject) => {
        const id = this.nextId++;
        this.pending.set(id, { resolve, reject });
        this.worker.postMessage({ id, op, args });
      });
    }

    failAll(err) {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    }

    /* Ends whatever the worker is doing and starts a fresh one. */
    restart() {
      this.worker.terminate();
      this.failAll(new Stopped('stopped'));
      this.start();
    }
  }

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

  function saveSettings() {
    save(SETTINGS_KEY, { mode: ui.mode, level: ui.level, rules: ui.rules, thinkMs: ui.thinkMs });
  }

  function totalTally() {
    return addTally(ui.tallyBase, tallyOf(ui.state && ui.state.tally));
  }

  /* ---- words ---------------------------------------------------------- */

  const fmt = (x) => Number(x).toLocaleString('en-US');
  const sideName = (side) => side.toUpperCase();

  function valueText(v) {
    if (!v || !v.proven || v.result === 'unknown') return 'not proven';
    if (v.result === 'draw') return 'draw';
    return `${v.result} in ${v.plies}`;
  }

  function valueShort(v) {
    if (!v || !v.proven || v.result === 'unknown') return '?';
    if (v.result === 'draw') return 'D';
    return `${v.result === 'win' ? 'W' : 'L'}${v.plies}`;
  }

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

    statusEl.textContent = [ui.message, turnText()].filter(Boolean).join(' ');
    $('moves').textContent = s.history.length ? `Moves: ${s.history.map((c) => s.names[c]).join(', ')}` : '';
    app.classList.toggle('over', s.over);

    $('undo').disabled = s.history.length === 0 || (s.players.x === COMPUTER && s.players.o === COMPUTER);
    $('hint').disabled = !canPlay;
    $('analysis').setAttribute('aria-pressed', String(ui.overlay));
    $('resume').hidden = !(ui.paused && s.computerToMove && !s.over);
    $('tally').textContent = tallyText(totalTally());

    for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === ui.mode;
    for (const r of document.querySelectorAll('input[name=level]')) r.checked = Number(r.value) === ui.level;
    $('think-time').value = String(ui.thinkMs);
  }

  function setState(state) {
    ui.state = state;
    save(TALLY_KEY, totalTally());
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
    ui.message = `Something went wrong: ${err.message}.`;
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
        ui.message = `${sideName(side)} plays ${r.name}.` + (r.complete ? '' : ' (Best move found in the time allowed.)');
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

  /* ---- the "how it thinks" panel -------------------------------------- */

  function log10Factorial(n) {
    let s = 0;
    for (let i = 2; i <= n; i++) s += Math.log10(i);
    return s;
  }

  function gamesBound(empties) {
    const e = log10Factorial(empties);
    if (e < 15) {
      let f = 1;
      for (let i = 2; i <= empties; i++) f *= i;
      return fmt(f);
    }
    const exp = Math.floor(e);
    return `${(10 ** (e - exp)).toFixed(1)} × 10^${exp}`;
  }

  function td(text, cls) {
    const el = document.createElement('td');
    el.textContent = text;
    if (cls) el.className = cls;
    return el;
  }

  function th(text, scope) {
    const el = document.createElement('th');
    el.textContent = text;
    if (scope) el.scope = scope;
    return el;
  }

  function para(text, cls) {
    const p = document.createElement('p');
    p.textContent = text;
    if (cls) p.className = cls;
    return p;
  }

  async function refreshHow(gen) {
    const s = ui.state;
    if (s.over) {
      howBody.replaceChildren(para('The game is over: undo a move or start a new game to see a position.'));
      return;
    }
    const data = await search('think', { timeMs: ui.thinkMs }, 'Comparing minimax and the solver…');
    if (gen !== ui.gen) return;
    renderHow(data, s);
  }

  function renderHow(d, s) {
    const out = [];
    const side = sideName(s.toMove);
    const mm = d.minimax;
    out.push(para(`${side} to move, ${d.empties} empty cells. Values are for ${side}, the player who makes the move.`));
    if (!mm)
      out.push(para(`The textbook minimax is shown only when at most ${d.minimaxMaxEmpties} cells are empty, where it finishes at once. ` +
        `Here ${d.empties} are: it would have to play out up to ${gamesBound(d.empties)} games. The solver's view alone:`, 'how-note'));

    const table = document.createElement('table');
    table.className = 'how-table';
    const caption = document.createElement('caption');
    caption.textContent = mm ? 'Each move as the textbook minimax and the solver see it' : "Each move as the solver sees it";
    table.appendChild(caption);
    const head = document.createElement('tr');
    head.append(th('Move', 'col'), th(mm ? 'Minimax value' : 'Value', 'col'));
    if (mm) head.append(th('Minimax: positions', 'col'));
    head.append(th('Solver: positions', 'col'));
    const thead = document.createElement('thead');
    thead.appendChild(head);
    table.appendChild(thead);
    const tbody = document.createElement('tbody');
    const best = mm ? mm.value : d.solver.value;
    for (const mv of d.moves) {
      const v = mm ? mv.minimaxValue : mv.solverValue;
      const tr = document.createElement('tr');
      tr.dataset.move = mv.name;
      const isBest = v.proven && best.proven && v.result === best.result && v.plies === best.plies;
      if (isBest) tr.className = 'best';
      const name = th(mv.name + (isBest ? ' ★' : ''), 'row');
      tr.append(name, td(valueText(v), 'value'));
      if (mm) tr.append(td(mv.minimaxNodes === undefined ? '' : fmt(mv.minimaxNodes), 'minimax-nodes num'));
      tr.append(td(mv.solverNodes === undefined ? '—' : fmt(mv.solverNodes) + (mv.solverComplete ? '' : ' (stopped)'), 'solver-nodes num'));
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
    const tfoot = document.createElement('tfoot');
    const total = document.createElement('tr');
    total.append(th('Whole position', 'row'), td(valueText(best), 'value'));
    if (mm) total.append(td(fmt(mm.nodes), 'minimax-nodes num'));
    total.append(td(fmt(d.solver.nodes) + (d.solver.complete ? '' : ' (stopped)'), 'solver-nodes num'));
    tfoot.appendChild(total);
    table.appendChild(tfoot);
    const wrap = document.createElement('div');
    wrap.className = 'table-wrap';
    wrap.appendChild(table);
    out.push(wrap);

    if (d.empties > d.breakdownMaxEmpties)
      out.push(para(`Move by move counts are shown up to ${d.breakdownMaxEmpties} empty cells.`, 'how-note'));
    if (mm) {
      const ratio = d.solver.nodes > 0 ? mm.nodes / d.solver.nodes : 0;
      out.push(para(`To value this position the textbook minimax visited ${fmt(mm.nodes)} positions and the solver, ` +
        `starting from an empty table, ${fmt(d.solver.nodes)}` +
        (ratio >= 1.05 ? `: ${fmt(Math.round(ratio))} times fewer, for the same values.` : '.'), 'how-summary'));
      out.push(para('Each row counts the positions searched after that move, the move itself included. ' +
        'The minimax rows add up to the whole (plus one for the position itself); the solver searched each move from an empty table, ' +
        'while for the whole position it stops looking at a move once it cannot be better than one it has seen.', 'how-note'));
    } else {
      out.push(para(`The solver searched ${fmt(d.solver.nodes)} positions` +
        (d.solver.complete ? ' and proved the value.' : ' before its time ran out; values it could not prove are marked "not proven".'), 'how-summary'));
    }
    if (d.count) {
      const c = d.count;
      out.push(para(`The whole game tree below this position: ${fmt(c.nodes)} positions on the way to ` +
        `${fmt(c.games)} finished games (X wins ${fmt(c.x_wins)}, O wins ${fmt(c.o_wins)}, draws ${fmt(c.draws)})` +
        (c.positions !== null ? `, of which ${fmt(c.positions)} are different positions (${fmt(c.positions_symmetric)} up to rotation and reflection).` : '.'),
      'how-count'));
    }
    howBody.replaceChildren(...out);
  }

  /* ---- people's actions ----------------------------------------------- */

  function say(text) {
    ui.message = text;
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
      await call('play', { cell });
      ui.lastMove = cell;
      ui.hint = null;
      ui.message = `${sideName(side)} plays ${name}.`;
    });
  }

  function undo() {
    act(async () => {
      try {
        await call('undo');
      } catch (err) {
        if (!(err instanceof EngineError) || err.status !== STATUS_NO_UNDO) throw err;
        ui.message = 'Nothing to undo.';
        return;
      }
      const h = ui.state.history;
      ui.lastMove = h.length ? h[h.length - 1] : null;
      ui.hint = null;
      ui.paused = false;
      ui.message = 'Move taken back.';
    });
  }

  function newGame() {
    act(async () => {
      await call('newGame');
      ui.lastMove = null;
      ui.hint = null;
      ui.paused = false;
      ui.message = 'New game.';
    });
  }

  function hint() {
    if (!ui.state || !humanToMove() || ui.workingOp === 'computer') return;
    act(async () => {
      const h = await search('hint', { timeMs: ui.thinkMs }, 'Looking for the best move…');
      ui.hint = h.cell;
      ui.focusCell = h.cell;
      ui.message = `Hint: ${h.name}, ${valueText(h.value)}.`;
    });
  }

  function toggleAnalysis() {
    act(async () => {
      ui.overlay = !ui.overlay;
      if (!ui.overlay) {
        ui.analysis = null;
        ui.analysisFor = '';
      }
    }, { keepComputer: true });
  }

  function resume() {
    act(async () => {
      ui.paused = false;
      ui.message = '';
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
      ui.message = 'Stopped.';
    } else if (op === 'analyze') {
      ui.overlay = false;
      ui.message = 'Analysis stopped.';
    } else if (op === 'think') {
      howBody.replaceChildren(para('Stopped. Close and open the panel to try again.'));
      howEl.open = false;
      ui.message = '';
    } else {
      ui.message = 'Stopped.';
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
      ui.message = '';
    });
  }

  function setLevel(level) {
    act(async () => {
      ui.level = level;
      saveSettings();
      await call('setLevel', { level });
      ui.message = `Level: ${LEVEL_NAMES[level]}.`;
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

  function applyRules() {
    const r = {
      m: Number($('rule-m').value),
      n: Number($('rule-n').value),
      k: Number($('rule-k').value),
      exact: $('rule-exact').value === 'exact',
    };
    const error = $('rules-error');
    for (const f of ['m', 'n', 'k']) {
      if (!Number.isInteger(r[f])) {
        error.textContent = `${f} must be a whole number.`;
        return;
      }
    }
    act(async () => {
      try {
        await call('setRules', r);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        error.textContent = `These rules do not work: ${err.message}.`;
        return;
      }
      error.textContent = '';
      ui.rules = r;
      saveSettings();
      showRulesInForm(r);
      ui.lastMove = null;
      ui.hint = null;
      ui.paused = false;
      ui.focusCell = 0;
      ui.message = r.exact ? `New game on ${r.m}×${r.n}, exactly ${r.k} in a row.` : `New game on ${r.m}×${r.n}, ${r.k} in a row.`;
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
  $('mode').addEventListener('change', (e) => setMode(e.target.value));
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
  for (const id of ['rule-m', 'rule-n', 'rule-k'])
    $(id).addEventListener('input', () => { $('preset').value = 'custom'; });
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

  async function boot() {
    engine = new Engine(onProgress);
    showRulesInForm(ui.rules);
    let info;
    try {
      info = await call('init', { seed: seed(), rules: ui.rules, players: MODES[ui.mode], level: ui.level, moves: [] });
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      ui.rules = { m: 3, n: 3, k: 3 };
      showRulesInForm(ui.rules);
      info = await call('init', { seed: seed(), rules: ui.rules, players: MODES[ui.mode], level: ui.level, moves: [] });
    }
    $('engine-info').textContent = `The engine is the mnk C library compiled to WebAssembly with clang ` +
      `(${fmt(Math.round(info.wasmBytes / 1024))} KiB, ${fmt(info.tableBytes / 1048576)} MiB table); ` +
      'it runs in a worker inside this page and needs no network.';
    ui.message = '';
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
