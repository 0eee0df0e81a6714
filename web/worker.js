/*
 * worker.js - the engine's thread: the library compiled to WebAssembly
 * (web/wasm_api.c over the core), so the page never freezes while it
 * searches.
 *
 * The page sends {id, op, args} and gets back {id, ok, state, data} (or
 * {id, ok: false, status, error}); while a timed search runs it also gets
 * {type: 'progress', nodes, depth} a few times a second. `state` is a
 * snapshot of the match after the operation: everything the page draws.
 *
 * A search never outlives its time: web_progress() is called by the
 * library every few thousand nodes and stops the search past the deadline,
 * which then answers with the best move found so far. To stop earlier the
 * page terminates this worker and starts another one with the same moves.
 *
 * Boards too big to solve (the library's mnk_rules_use_engine, asked
 * through web_uses_engine) are the engine's: the computer's move, the hint
 * and the analysis go to web_engine_*, which keeps its own time on the
 * clock given here (performance.now()) and reports each iteration to
 * web_progress(). Its answers carry `engine`: the evaluation (score and
 * depth) and the principal variation. The engine lives as long as this
 * worker: its tables are kept from move to move and game to game.
 *
 * The WebAssembly arrives inlined as base64 (web/assemble.js puts it where
 * the marker below is), so the page needs no network and works from file://.
 */
'use strict';

const WASM_BASE64 = '__MNK_WASM_BASE64__';

const STATUS_OK = 0;
const RESULTS = { '-1': 'loss', 0: 'draw', 1: 'win', 2: 'unknown' };
const PIECES = [null, 'x', 'o'];
const TALLY_FIELDS = ['games', 'x_wins', 'o_wins', 'draws', 'human_wins', 'human_losses', 'human_draws'];
const MINIMAX = 1;
const ALPHABETA = 0;
/* Textbook minimax runs only where it finishes at once; the solver's move
 * by move breakdown only where it stays quick. */
const MINIMAX_MAX_EMPTIES = 10;
const BREAKDOWN_MAX_EMPTIES = 16;

let api = null;
let memory = null;
let wasmBytes = 0;
let deadline = Infinity;
let lastReport = 0;
let names = null; /* cell names under the current rules */
let namesRules = '';

/* ---- the WebAssembly module -------------------------------------------- */

function decodeBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/* Called by the library during timed searches; nonzero stops the search. */
function webProgress(nodes, depth) {
  const now = performance.now();
  if (now - lastReport >= 100) {
    lastReport = now;
    postMessage({ type: 'progress', nodes, depth });
  }
  return now > deadline ? 1 : 0;
}

async function load() {
  const bytes = decodeBase64(WASM_BASE64);
  wasmBytes = bytes.length;
  const { instance } = await WebAssembly.instantiate(bytes, {
    env: { web_progress: webProgress, web_clock_ms: () => performance.now() },
  });
  api = instance.exports;
  memory = api.memory;
}

/* A NUL-terminated string in the module's memory. The view is made anew
 * each time: views of a memory that has grown are detached. */
function cString(ptr) {
  const bytes = new Uint8Array(memory.buffer, ptr);
  let end = 0;
  while (bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

class EngineError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/* Throws the library's message for a failed call. */
function check(status, withDetails) {
  if (status === STATUS_OK) return;
  const text = withDetails ? cString(api.web_error_text()) : cString(api.web_strerror(status));
  throw new EngineError(status, text);
}

/* Runs fn with a deadline timeMs from now (none when timeMs is 0). */
function timed(timeMs, fn) {
  deadline = timeMs > 0 ? performance.now() + timeMs : Infinity;
  lastReport = performance.now();
  try {
    return fn(timeMs > 0 ? 1 : 0);
  } finally {
    deadline = Infinity;
  }
}

/* ---- reading the state ------------------------------------------------- */

function rules() {
  return { m: api.web_rule(0), n: api.web_rule(1), k: api.web_rule(2), exact: !!api.web_rule(3) };
}

function cellNames() {
  const r = rules();
  const key = `${r.m},${r.n},${r.k}`;
  if (key !== namesRules) {
    names = [];
    for (let c = 0; c < r.m * r.n; c++) names.push(cString(api.web_cell_name(r.m, r.n, r.k, c)));
    namesRules = key;
  }
  return names;
}

function value(result, plies, proven) {
  return { result: RESULTS[result], plies, proven: !!proven };
}

function resultValue() {
  return value(api.web_result_result(), api.web_result_plies(), api.web_result_proven());
}

function searchResult() {
  const best = api.web_result_best();
  return {
    cell: best,
    name: best >= 0 ? cellNames()[best] : null,
    value: resultValue(),
    nodes: api.web_result_nodes(),
    depth: api.web_result_depth(),
    complete: !!api.web_result_complete(),
  };
}

/* The engine's last answer as a search result, with its evaluation and
 * principal variation (cells and names). */
function engineResult() {
  const best = api.web_info(0);
  const pv = [];
  for (let i = 0; i < api.web_info(6); i++) pv.push(api.web_info(100 + i));
  const proven = !!api.web_info(4);
  return {
    cell: best,
    name: best >= 0 ? cellNames()[best] : null,
    value: value(api.web_info(1), api.web_info(2), proven),
    nodes: api.web_info(7),
    depth: api.web_info(5),
    complete: proven,
    engine: { score: api.web_info(3), depth: api.web_info(5), pv, pvNames: pv.map((c) => cellNames()[c]) },
  };
}

function moveList() {
  const list = [];
  const n = api.web_move_count();
  for (let i = 0; i < n; i++) {
    const cell = api.web_move(i, 0);
    list.push({
      cell,
      name: cellNames()[cell],
      value: value(api.web_move(i, 1), api.web_move(i, 2), api.web_move(i, 4)),
    });
  }
  return list;
}

function snapshot() {
  const r = rules();
  const cells = [];
  for (let c = 0; c < r.m * r.n; c++) cells.push(api.web_cell(c));
  const line = [];
  const len = api.web_winning_line();
  for (let i = 0; i < len; i++) line.push(api.web_winning_line_cell(i));
  const history = [];
  for (let i = 0; i < api.web_history_length(); i++) history.push(api.web_history_move(i));
  const tally = {};
  TALLY_FIELDS.forEach((f, i) => { tally[f] = api.web_tally(i); });
  return {
    rules: r,
    cells,
    names: cellNames(),
    position: cString(api.web_position()),
    toMove: PIECES[api.web_to_move()],
    over: !!api.web_is_over(),
    winner: PIECES[api.web_winner()],
    line,
    history,
    computerToMove: !!api.web_computer_to_move(),
    players: { x: api.web_player(1), o: api.web_player(2) },
    level: api.web_level(),
    tally,
  };
}

function countFigures() {
  const plies = api.web_count_field(7);
  const perPly = [];
  for (let i = 0; i < plies; i++) perPly.push(api.web_count_field(100 + i));
  const positionsKnown = !!api.web_count_field(9);
  return {
    nodes: api.web_count_field(0),
    games: api.web_count_field(1),
    x_wins: api.web_count_field(2),
    o_wins: api.web_count_field(3),
    draws: api.web_count_field(4),
    positions: positionsKnown ? api.web_count_field(5) : null,
    positions_symmetric: positionsKnown ? api.web_count_field(6) : null,
    nodes_per_ply: perPly,
    complete: !!api.web_count_field(8),
  };
}

/* ---- "how it thinks" ----------------------------------------------------- */

/* Every legal move of the match's position seen by the textbook minimax
 * (value, and nodes to search the move) and by the solver (nodes from a
 * cold table), with both algorithms' totals for the whole position, and the
 * size of the tree below it. Minimax only where it finishes quickly. */
function think(timeMs) {
  const empties = snapshot().cells.filter((c) => c === 0).length;
  const out = { empties, minimaxMaxEmpties: MINIMAX_MAX_EMPTIES, breakdownMaxEmpties: BREAKDOWN_MAX_EMPTIES };
  const withMinimax = empties <= MINIMAX_MAX_EMPTIES;
  const breakdown = empties <= BREAKDOWN_MAX_EMPTIES;
  timed(timeMs, (t) => {
    /* Whole position: both algorithms from a cold table. */
    check(api.web_search_after(-1, ALPHABETA, 0, t));
    out.solver = searchResult();
    check(api.web_analyze(ALPHABETA, 0, t, 1));
    out.moves = moveList().map((m) => ({ ...m, solverValue: m.value }));
    if (withMinimax) {
      check(api.web_search_after(-1, MINIMAX, 0, t));
      out.minimax = searchResult();
      check(api.web_analyze(MINIMAX, 0, t, 1));
      const mm = moveList();
      out.moves.forEach((m, i) => { m.minimaxValue = mm[i].value; });
    }
    /* Move by move: the position after each move, each from a cold table
     * (a move that ends the game is one node, as minimax counts it). */
    if (breakdown) {
      for (const m of out.moves) {
        check(api.web_search_after(m.cell, ALPHABETA, 0, t));
        const s = searchResult();
        m.solverNodes = Math.max(1, s.nodes);
        m.solverComplete = s.complete;
        if (withMinimax) {
          check(api.web_search_after(m.cell, MINIMAX, 0, t));
          const x = searchResult();
          m.minimaxNodes = Math.max(1, x.nodes);
          m.minimaxComplete = x.complete;
        }
      }
    }
    if (withMinimax) {
      check(api.web_count(0, 0, 0, 0, 0, t));
      out.count = countFigures();
    }
  });
  return out;
}

/* ---- operations ---------------------------------------------------------- */

const ops = {
  /* Sets up a match and replays its moves (a restarted worker). */
  init({ seed, rules: r, players, level, moves }) {
    check(api.web_init(seed[0] >>> 0, seed[1] >>> 0, r.m, r.n, r.k, r.exact ? 1 : 0), true);
    check(api.web_set_players(0, 0));
    for (const cell of moves || []) check(api.web_play(cell));
    check(api.web_set_players(players.x, players.o));
    check(api.web_set_level(level));
    return { tableBytes: api.web_table_bytes(), engineTableBytes: api.web_engine_table_bytes(), wasmBytes };
  },
  setRules({ m, n, k, exact = false }) {
    check(api.web_set_rules(m, n, k, exact ? 1 : 0), true);
  },
  newGame() {
    api.web_new_game();
  },
  setPlayers({ x, o }) {
    check(api.web_set_players(x, o));
  },
  setLevel({ level }) {
    check(api.web_set_level(level));
  },
  play({ cell }) {
    check(api.web_play(cell));
  },
  /* The match's game set to these moves (the move list's back and
   * forward), with the players, level and tally kept. */
  setMoves({ moves }) {
    const x = api.web_player(1);
    const o = api.web_player(2);
    api.web_new_game();
    check(api.web_set_players(0, 0));
    try {
      for (const cell of moves) check(api.web_play(cell));
    } finally {
      check(api.web_set_players(x, o));
    }
  },
  /* The value of each move of a line of play for the side that played it,
   * as the analysis gives it in the position before the move. */
  lineValues({ line, timeMs }) {
    /* The engine values positions, not every move: none on its boards. */
    if (api.web_uses_engine()) return line.map(() => null);
    return timed(timeMs, (t) => {
      check(api.web_scratch_reset(), true);
      const values = [];
      for (const cell of line) {
        check(api.web_scratch_analyze(0, t));
        const mv = moveList().find((m) => m.cell === cell);
        values.push(mv ? mv.value : null);
        check(api.web_scratch_play(cell));
      }
      return values;
    });
  },
  computer({ timeMs }) {
    if (api.web_uses_engine()) {
      check(timed(0, () => api.web_engine_move(timeMs)));
      return engineResult();
    }
    return timed(timeMs, (t) => {
      check(api.web_computer_move(0, t));
      return searchResult();
    });
  },
  undo() {
    check(api.web_undo());
  },
  hint({ timeMs }) {
    if (api.web_uses_engine()) {
      check(timed(0, () => api.web_engine_hint(timeMs)));
      return engineResult();
    }
    return timed(timeMs, (t) => {
      check(api.web_hint(0, t));
      return searchResult();
    });
  },
  /* Every move's value by the solver; on the engine's boards, the
   * engine's evaluation and principal variation instead (no moves). */
  analyze({ timeMs, algorithm }) {
    if (api.web_uses_engine()) {
      check(timed(0, () => api.web_engine_analyze(timeMs)));
      return { ...engineResult(), moves: [] };
    }
    return timed(timeMs, (t) => {
      check(api.web_analyze(algorithm === 'minimax' ? MINIMAX : ALPHABETA, 0, t, 0));
      return { ...searchResult(), moves: moveList() };
    });
  },
  think({ timeMs }) {
    return think(timeMs);
  },
  /* The tree below the empty m,n,k board (exact: the exact rule), or the
   * match's position (m = 0). */
  count({ m = 0, n = 0, k = 0, exact = false } = {}) {
    check(api.web_count(m, n, k, exact ? 1 : 0, 0, 0), true);
    return countFigures();
  },
  /* One search of the empty board from a cold table, as build/bench does. */
  bench({ m, n, k, algorithm }) {
    const started = performance.now();
    check(api.web_bench(m, n, k, algorithm === 'minimax' ? MINIMAX : ALPHABETA), true);
    const ms = performance.now() - started;
    const result = searchResult();
    result.name = result.cell >= 0 ? cString(api.web_cell_name(m, n, k, result.cell)) : null;
    return { ...result, ms };
  },
};

const ready = load();

onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    if (!Object.prototype.hasOwnProperty.call(ops, op)) throw new EngineError(-1, `unknown operation ${op}`);
    const data = ops[op](args || {});
    postMessage({ id, ok: true, data, state: snapshot() });
  } catch (err) {
    postMessage({ id, ok: false, status: err.status ?? -1, error: String(err.message || err) });
  }
};
