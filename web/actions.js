/*
 * actions.js - what a person's action does (app.js wires the controls to
 * these): a move, undo, new game, hint, the analysis overlay, Stop, the
 * players, the level, going along the line of play, new rules, the tally
 * reset. Each goes through app.js's act(), which stops a search the action
 * makes moot, runs it, and lets the computer play on; create() takes that
 * and the rest of app.js's state and flow (see its arguments).
 */
'use strict';

const mnkActions = (() => {
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

  const $ = (id) => document.getElementById(id);
  const { sideName, valueText, engineText, para, moverOf } = mnkView;
  const { save, tallyOf, addTally, EngineError, STATUS_NO_UNDO } = mnkClient;

  /* c: ui (the page's state), act(fn, opts), call(op, args), search(op,
   * args, text), note(text), render(), saveSettings(), cancelWork(),
   * failed(err), setIdle(), totalTally(), humanToMove(). */
  function create(c) {
    const { ui, act, call, search, note, render, saveSettings, cancelWork, failed, setIdle, totalTally, humanToMove } = c;
    const howEl = $('how');
    const howBody = $('how-body');

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
        note(`Hint: ${h.name}, ${h.engine ? engineText(h, ui.state.toMove) : valueText(h.value)}.`);
      });
    }

    function toggleAnalysis() {
      act(async () => {
        ui.overlay = !ui.overlay;
        note(ui.overlay ? 'Analysis on.' : 'Analysis off.');
        if (!ui.overlay) {
          ui.analysis = null;
          ui.engineView = null;
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

    /* A wrong form says why and changes nothing: the game goes on. */
    function applyRules() {
      const r = mnkForm.read({ focus: true });
      if (!r) return;
      act(async () => {
        try {
          await call('setRules', r);
        } catch (err) {
          if (!(err instanceof EngineError)) throw err;
          mnkForm.refused(err.message);
          return;
        }
        mnkForm.refused('');
        ui.line = [];
        ui.counted.clear();
        ui.rules = r;
        saveSettings();
        mnkForm.show(r);
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

    return { playCell, undo, newGame, hint, toggleAnalysis, resume, stop, commitMode, goTo, setLevel, applyRules, resetTally };
  }

  return { HUMAN, COMPUTER, MODES, TALLY_KEY, create };
})();
