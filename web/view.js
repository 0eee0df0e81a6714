/*
 * view.js - the page's words and the "how it thinks" panel's content, as
 * functions of the data they show (no engine, no page state): the values'
 * and the engine's findings' wording, the rules and the tally in words,
 * numbers, and the panel's table built from the worker's "think"
 * answer (web/worker.js), the move list's entries and the winning line's
 * stroke.
 */
'use strict';

const mnkView = (() => {
  const fmt = (x) => Number(x).toLocaleString('en-US');
  const sideName = (side) => side.toUpperCase();

  function valueText(v) {
    if (!v || !v.proven || v.result === 'unknown') return 'not proven';
    if (v.result === 'draw') return 'draw';
    return `${v.result} in ${v.plies}`;
  }

  /* The engine's scores (include/mnk.h): estimates stay within
   * ENGINE_EVAL_MAX; beyond lie wins (losses) it sees in SCORE_WIN - score
   * plies without a proof. */
  const ENGINE_EVAL_MAX = 20000;
  const SCORE_WIN = 30000;

  /* What the engine found for side (who was to move): r has the value and
   * the engine's score and depth (the worker's engineResult). */
  function engineText(r, side) {
    const v = r.value;
    const { score, depth } = r.engine || r;
    const who = sideName(side);
    if (v.proven && v.result === 'win') return v.plies < 0 ? `${who} wins by threes and fours, proven` : `${who} wins in ${v.plies}, proven`;
    if (v.proven && v.result === 'loss') return `${who} loses in ${v.plies}, proven`;
    if (v.proven) return 'a draw, proven';
    if (score > ENGINE_EVAL_MAX) return `${who} wins in ${SCORE_WIN - score} as far as the engine sees, not proven`;
    if (score < -ENGINE_EVAL_MAX) return `${who} loses in ${SCORE_WIN + score} as far as the engine sees, not proven`;
    if (depth > 0) return `score ${score >= 0 ? '+' : ''}${score} for ${who} at depth ${depth}, not proven`;
    return 'not searched: a forced reply or the first move';
  }

  /* What wins under the rules, in words. */
  function winsText(r) {
    return r.exact ? `exactly ${r.k} in a row wins, an overline does not` : `${r.k} in a row wins`;
  }

  function rulesKey(r) {
    return `${r.m},${r.n},${r.k}${r.exact ? ',exact' : ''}`;
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

  function valueShort(v) {
    if (!v || !v.proven || v.result === 'unknown') return '?';
    if (v.result === 'draw') return 'D';
    return `${v.result === 'win' ? 'W' : 'L'}${v.plies}`;
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

  /* An element with text and, when given, a class (or a th's scope). */
  function el(tag, text, cls, scope) {
    const e = document.createElement(tag);
    e.textContent = text;
    if (cls) e.className = cls;
    if (scope) e.scope = scope;
    return e;
  }

  const td = (text, cls) => el('td', text, cls);
  const th = (text, scope) => el('th', text, '', scope);
  const para = (text, cls) => el('p', text, cls);

  /* The panel's content for the worker's "think" answer d about the
   * match state s. */
  function howNodes(d, s) {
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
    return out;
  }


  /* One sentence about the panel's content, for the live region: the
   * table itself is not read out again at every move. */
  function howNews(d, s) {
    const mm = d.minimax;
    const best = mm ? mm.value : d.solver.value;
    return `How it thinks: ${sideName(s.toMove)} to move, ${d.moves.length} moves compared, the position is ${valueText(best)}.`;
  }


  /* Who played the move at ply i (0-based): X first. */
  const moverOf = (i) => (i % 2 === 0 ? 'x' : 'o');

  /* The move list's entries for the line of play, the first history.length
   * of them on the board (s is the match state), with each move's value
   * for its player when values are given. */
  function moveItems(s, line, values) {
    const at = s.history.length;
    return line.map((cell, i) => {
      const li = document.createElement('li');
      li.className = i < at ? 'played' : 'future';
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.ply = String(i + 1);
      const side = moverOf(i);
      const v = values && values[i];
      b.innerHTML = '<span class="ply"></span><span></span><span class="mv-cell"></span><span class="mv-val"></span>';
      b.children[0].textContent = `${i + 1}.`;
      b.children[1].textContent = sideName(side);
      b.children[1].className = `mv-${side}`;
      b.children[2].textContent = s.names[cell];
      if (v) {
        b.children[3].textContent = valueText(v);
        b.classList.add(`v-${v.proven ? v.result : 'unknown'}`);
      }
      b.setAttribute('aria-label', `Move ${i + 1}, ${sideName(side)} ${s.names[cell]}` + (v ? `, ${valueText(v)}` : '') +
        (i >= at ? ', not on the board' : ''));
      if (i === at - 1) b.setAttribute('aria-current', 'step');
      li.appendChild(b);
      return li;
    });
  }

  const SVG = 'http://www.w3.org/2000/svg';

  /* The stroke through a won game's line, from the centre of its first
   * cell to that of its last, in board units (a cell is 1 by 1). */
  function winLine(s) {
    const { m, n } = s.rules;
    const first = s.line[0];
    const last = s.line[s.line.length - 1];
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'win-line');
    svg.setAttribute('viewBox', `0 0 ${m} ${n}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('aria-hidden', 'true');
    svg.dataset.key = s.position;
    const stroke = document.createElementNS(SVG, 'line');
    stroke.setAttribute('x1', String((first % m) + 0.5));
    stroke.setAttribute('y1', String(Math.floor(first / m) + 0.5));
    stroke.setAttribute('x2', String((last % m) + 0.5));
    stroke.setAttribute('y2', String(Math.floor(last / m) + 0.5));
    stroke.setAttribute('pathLength', '1');
    stroke.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.appendChild(stroke);
    return svg;
  }

  return { fmt, sideName, valueText, valueShort, engineText, winsText, rulesKey, tallyText, para, howNodes, howNews, moverOf, moveItems, winLine };
})();
