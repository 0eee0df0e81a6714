/*
 * board.js - the board on the page: a button per cell and the labels for
 * the rules, fitted to the window; each cell's mark, its value (or its
 * place in the engine's best line) and its accessible label; the legend
 * under the board; the winning line's stroke. Functions of what they
 * draw: app.js keeps the state and says what to show.
 */
'use strict';

const mnkBoard = (() => {
  /* Room below the actions, in px, when the board is fitted to the window. */
  const FIT_MARGIN = 12;
  /* Values are written out in full on boards up to this side. */
  const FULL_VALUE_SIDE = 5;
  /* Moves of the engine's best line numbered on the board. */
  const LINE_SHOWN = 9;

  const $ = (id) => document.getElementById(id);
  const { sideName, valueText, valueShort, winsText, engineText } = mnkView;

  /* Tells the stylesheet how much of the window's height the rest of what
   * must be seen with the board takes (from the page's top to the end of
   * the buttons), so that the cells shrink to leave room for it. */
  function fit() {
    const scroll = $('board-scroll');
    const actions = document.querySelector('.actions');
    const chrome = actions.getBoundingClientRect().bottom + window.scrollY -
      scroll.getBoundingClientRect().height + FIT_MARGIN;
    scroll.style.setProperty('--chrome', `${Math.round(chrome)}px`);
  }

  /* New buttons and labels for the rules of state s; returns the buttons,
   * one per cell. */
  function build(s) {
    const { m, n } = s.rules;
    const boardEl = $('board');
    const frame = $('board-frame');
    frame.style.setProperty('--m', m);
    frame.style.setProperty('--n', n);
    frame.classList.toggle('compact', m > FULL_VALUE_SIDE || n > FULL_VALUE_SIDE);
    boardEl.setAttribute('aria-label', `Board, ${m} columns by ${n} rows, ${winsText(s.rules)}`);
    boardEl.replaceChildren();
    const buttons = [];
    for (let c = 0; c < m * n; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'cell';
      b.dataset.cell = String(c);
      b.tabIndex = -1;
      b.innerHTML = '<span class="mark" aria-hidden="true"></span><span class="val" aria-hidden="true"></span>';
      buttons.push(b);
      boardEl.appendChild(b);
    }
    const cols = $('col-labels');
    const rows = $('row-labels');
    cols.replaceChildren();
    rows.replaceChildren();
    for (let c = 0; c < m; c++) {
      const span = document.createElement('span');
      span.textContent = s.names[c].replace(/[0-9]+$/, '');
      cols.appendChild(span);
    }
    for (let r = 0; r < n; r++) {
      const span = document.createElement('span');
      span.textContent = String(r + 1);
      rows.appendChild(span);
    }
    $('board-rules').textContent = `${m}×${n}: ${winsText(s.rules)}.`;
    fit();
    return buttons;
  }

  /* The place of each cell in the engine's best line, 1 for the move to
   * play (its first LINE_SHOWN moves). */
  function linePlaces(engine) {
    const places = new Map();
    engine.pv.slice(0, LINE_SHOWN).forEach((cell, i) => places.set(cell, i + 1));
    return places;
  }

  /* Draws every cell of state s. view: buttons (from build), values (a Map
   * cell -> value, or null), engine (the engine's analysis: score, depth,
   * pv, or null), lastMove, hint, focusCell, canPlay. */
  function drawCells(s, view) {
    const places = view.engine ? linePlaces(view.engine) : new Map();
    const other = s.toMove === 'x' ? 'o' : 'x';
    for (let c = 0; c < s.cells.length; c++) {
      const b = view.buttons[c];
      const piece = s.cells[c];
      const mark = piece === 1 ? 'X' : piece === 2 ? 'O' : '';
      const parts = [s.names[c], mark || 'empty'];
      const v = view.values && !piece ? view.values.get(c) : null;
      const place = piece ? undefined : places.get(c);
      const by = place ? (place % 2 ? s.toMove : other) : '';
      b.firstChild.textContent = mark;
      if (place) b.lastChild.textContent = String(place);
      else b.lastChild.textContent = v ? (b.closest('.compact') ? valueShort(v) : valueText(v)) : '';
      b.classList.toggle('x', piece === 1);
      b.classList.toggle('o', piece === 2);
      b.classList.toggle('win-cell', s.line.includes(c));
      b.classList.toggle('last', c === view.lastMove);
      b.classList.toggle('hint', c === view.hint);
      for (const r of ['win', 'draw', 'loss', 'unknown']) b.classList.toggle(`v-${r}`, !!v && v.result === r);
      b.classList.toggle('pv-x', by === 'x');
      b.classList.toggle('pv-o', by === 'o');
      if (s.line.includes(c)) parts.push('winning line');
      if (c === view.lastMove) parts.push('last move');
      if (c === view.hint) parts.push('hint');
      if (v) parts.push(valueText(v));
      if (place) parts.push(`move ${place} of the engine's best line, ${sideName(by)}`);
      b.setAttribute('aria-label', parts.join(', '));
      b.setAttribute('aria-disabled', String(!!piece || !view.canPlay));
      b.tabIndex = c === view.focusCell ? 0 : -1;
    }
  }

  /* The words under the board: what the values are, or what the engine
   * found and its best line. */
  function drawLegend(s, view) {
    const legend = $('legend');
    legend.hidden = !view.values && !view.engine;
    if (view.engine) {
      const line = view.engine.pvNames.slice(0, LINE_SHOWN).join(' ');
      legend.textContent = `The engine's view for ${sideName(s.toMove)}, who is to move: ${engineText(view.engine, s.toMove)}. ` +
        `Best line ${line} (numbered on the board).`;
    } else if (view.values) {
      legend.textContent = `Values for ${sideName(s.toMove)}, who is to move: win or loss in so many plies with perfect play by both sides, or draw.`;
      if ([...view.values.values()].some((v) => !v.proven))
        legend.textContent += ' "?": not proven in the time allowed.';
    }
  }

  /* The stroke through a won game's line, drawn once per finished game. */
  function drawWinLine(s) {
    const boardEl = $('board');
    const old = boardEl.querySelector('.win-line');
    const key = s.over && s.line.length ? s.position : '';
    if (old && old.dataset.key === key) return;
    if (old) old.remove();
    if (key) boardEl.appendChild(mnkView.winLine(s));
  }

  return { build, fit, drawCells, drawLegend, drawWinLine };
})();
