/*
 * store.js - what the page keeps and shares, as pure functions with no DOM
 * and no engine (so node can test them too): the board-size form's checks,
 * cell names, the saved game, the link that opens a game, and the command
 * line that gives `mnk` the same position.
 *
 * Formats.
 *   saved game   localStorage "mnk.game.v1": {v: 1, rules: {m, n, k, exact},
 *                moves: [cell, ...], line: [cell, ...]}; `moves` is the
 *                position, `line` the moves remembered past it (the
 *                history's "forward"). Anything else is ignored.
 *   link         #v=1&rules=M,N,K[,exact]&moves=b2,a1&at=2&players=x&level=3:
 *                the line of play in cell names, how many of its moves
 *                are on the board (default all), who plays and the level.
 *   command      mnk analyze --rules M,N,K[,exact] --moves b2,a1
 * Every reader checks all it reads and answers null for anything wrong;
 * nothing here throws on bad input.
 */
'use strict';

const mnkStore = (() => {
  /* The library's limits (include/mnk.h: MNK_MAX_SIDE). */
  const MAX_SIDE = 20;
  const VERSION = 1;
  const GAME_KEY = 'mnk.game.v1';
  const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
  const MODES = ['x', 'o', 'two', 'watch'];
  const LEVELS = 4;

  /* ---- the board-size form ------------------------------------------- */

  /* The form's fields, in order. A new rule is one more entry here (and its
   * input in index.html); `check` sees the values read so far. */
  const RULE_FIELDS = [
    { key: 'm', id: 'rule-m', name: 'm (columns)', min: 1, max: () => MAX_SIDE },
    { key: 'n', id: 'rule-n', name: 'n (rows)', min: 1, max: () => MAX_SIDE },
    {
      key: 'k', id: 'rule-k', name: 'k (in a row)', min: 1,
      max: (r) => (Number.isInteger(r.m) && Number.isInteger(r.n) ? Math.max(r.m, r.n) : MAX_SIDE),
      tooBig: (r) => `a line of more than ${Math.max(r.m, r.n)} does not fit on ${r.m}×${r.n}`,
    },
  ];

  /* Reads the fields ({key: {text, badInput}}) into rules, with an error in
   * words for each field that is wrong: {rules, errors: {key: message}}. */
  function checkRules(fields) {
    const rules = {};
    const errors = {};
    for (const f of RULE_FIELDS) {
      const { text = '', badInput = false } = fields[f.key] || {};
      const t = String(text).trim();
      const max = f.max(rules);
      const range = `a whole number from ${f.min} to ${max}`;
      if (badInput) {
        errors[f.key] = `${f.name} is not a number: enter ${range}.`;
      } else if (t === '') {
        errors[f.key] = `${f.name} is empty: enter ${range}.`;
      } else if (!/^[+-]?\d+$/.test(t)) {
        errors[f.key] = `${f.name} must be ${range}; "${t}" is not a whole number.`;
      } else {
        const v = Number(t);
        rules[f.key] = v;
        if (v < f.min) errors[f.key] = `${f.name} must be at least ${f.min}; ${v} is too small.`;
        else if (v > max)
          errors[f.key] = `${f.name} must be at most ${max}; ${v} is too large` +
            (f.tooBig && !errors.m && !errors.n ? ` (${f.tooBig(rules)}).` : '.');
      }
    }
    return { rules, errors };
  }

  function rulesValid(r) {
    if (!r || typeof r !== 'object') return false;
    const { errors } = checkRules(Object.fromEntries(RULE_FIELDS.map((f) => [f.key, { text: String(r[f.key]) }])));
    return Object.keys(errors).length === 0;
  }

  /* ---- cells ------------------------------------------------------------ */

  /* "b2": column letter, row number from the top (the library's notation). */
  function cellName(r, cell) {
    return LETTERS[cell % r.m] + String(Math.floor(cell / r.m) + 1);
  }

  function cellOf(r, name) {
    const m = /^([a-z])([1-9]\d?)$/.exec(name);
    if (!m) return -1;
    const col = LETTERS.indexOf(m[1]);
    const row = Number(m[2]) - 1;
    if (col >= r.m || row >= r.n) return -1;
    return row * r.m + col;
  }

  /* A list of distinct cells of the board, or null. */
  function validMoves(r, moves) {
    if (!Array.isArray(moves) || moves.length > r.m * r.n) return null;
    const seen = new Set();
    for (const c of moves) {
      if (!Number.isInteger(c) || c < 0 || c >= r.m * r.n || seen.has(c)) return null;
      seen.add(c);
    }
    return moves.slice();
  }

  /* ---- the saved game ---------------------------------------------------- */

  function savedGame(rules, moves, line) {
    return { v: VERSION, rules: { m: rules.m, n: rules.n, k: rules.k, exact: !!rules.exact }, moves: moves.slice(), line: line.slice() };
  }

  /* The saved game if it is one this page wrote, else null. */
  function readSavedGame(obj) {
    if (!obj || typeof obj !== 'object' || obj.v !== VERSION || !rulesValid(obj.rules)) return null;
    const rules = { m: obj.rules.m, n: obj.rules.n, k: obj.rules.k, exact: obj.rules.exact === true };
    const moves = validMoves(rules, obj.moves);
    const line = validMoves(rules, obj.line);
    if (!moves || !line || line.length < moves.length || moves.some((c, i) => line[i] !== c)) return null;
    return { rules, moves, line };
  }

  /* ---- the link ----------------------------------------------------------- */

  /* "M,N,K", with ",exact" under the exact rule (as --rules takes it). */
  const rulesText = (r) => `${r.m},${r.n},${r.k}${r.exact ? ',exact' : ''}`;

  function linkHash({ rules, line, at, mode, level }) {
    const p = new URLSearchParams();
    p.set('v', String(VERSION));
    p.set('rules', rulesText(rules));
    p.set('moves', line.map((c) => cellName(rules, c)).join(','));
    if (at !== line.length) p.set('at', String(at));
    p.set('players', mode);
    p.set('level', String(level));
    return `#${p.toString().replace(/%2C/g, ',')}`;
  }

  /* The game a link's hash describes, or null when it is not one. */
  function readLinkHash(hash) {
    if (typeof hash !== 'string' || !hash.startsWith('#')) return null;
    const p = new URLSearchParams(hash.slice(1));
    if (p.get('v') !== String(VERSION)) return null;
    const parts = (p.get('rules') || '').split(',');
    const exact = parts.length === 4 && parts[3] === 'exact';
    const nums = parts.slice(0, 3);
    if ((parts.length !== 3 && !exact) || nums.some((x) => !/^\d{1,2}$/.test(x))) return null;
    const rules = { m: Number(nums[0]), n: Number(nums[1]), k: Number(nums[2]), exact };
    if (!rulesValid(rules)) return null;
    const names = (p.get('moves') || '').split(',').filter((x) => x !== '');
    const line = validMoves(rules, names.map((x) => cellOf(rules, x.toLowerCase())));
    if (!line) return null;
    const at = p.has('at') ? Number(p.get('at')) : line.length;
    if (!Number.isInteger(at) || at < 0 || at > line.length) return null;
    const mode = p.get('players');
    const level = Number(p.get('level'));
    return {
      rules,
      line,
      moves: line.slice(0, at),
      mode: MODES.includes(mode) ? mode : null,
      level: Number.isInteger(level) && level >= 0 && level < LEVELS ? level : null,
    };
  }

  /* ---- the command line ---------------------------------------------------- */

  function command(rules, moves) {
    let cmd = 'mnk analyze';
    if (rules.m !== 3 || rules.n !== 3 || rules.k !== 3 || rules.exact) cmd += ` --rules ${rulesText(rules)}`;
    if (moves.length) cmd += ` --moves ${moves.map((c) => cellName(rules, c)).join(',')}`;
    return cmd;
  }

  return {
    MAX_SIDE, GAME_KEY, RULE_FIELDS,
    checkRules, rulesValid, cellName, cellOf,
    savedGame, readSavedGame, linkHash, readLinkHash, command,
  };
})();

if (typeof module !== 'undefined') module.exports = mnkStore;
