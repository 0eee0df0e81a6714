/*
 * controls.js - the page's keys and events, turned into the actions app.js
 * gives (wire(a)): clicks and keys on the board, the game's keys (N, U,
 * H, A, Esc), the buttons, the Players group (arrows only select; Enter,
 * a click or leaving the group applies: WCAG 3.2.2), the move list, the
 * share box, the level, the thinking time, the window's size, the "how it
 * thinks" panel and another tab's tally.
 */
'use strict';

const mnkControls = (() => {
  const $ = (id) => document.getElementById(id);

  /* a: state() the match's snapshot, focus(cell), playCell(cell), stop(),
   * newGame(), undo(), hint(), toggleAnalysis(), resume(), resetTally(),
   * commitMode(), pendMode() (a choice crossed with the arrow keys),
   * modePending(), goTo(ply), setLevel(level), setThinkMs(ms), fit(),
   * howOpened(), tallyElsewhere(). */
  function wire(a) {
    const boardEl = $('board');
    boardEl.addEventListener('click', (e) => {
      const b = e.target.closest('button.cell');
      if (b) a.playCell(Number(b.dataset.cell));
    });

    boardEl.addEventListener('keydown', (e) => {
      const b = e.target.closest('button.cell');
      if (!b || e.altKey || e.ctrlKey || e.metaKey) return;
      const { m, n } = a.state().rules;
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
      a.focus(to);
    });

    document.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target.closest('input, select, textarea')) return;
      const key = e.key.toLowerCase();
      if (key === 'escape') a.stop();
      else if (key === 'n') a.newGame();
      else if (key === 'u') a.undo();
      else if (key === 'h') a.hint();
      else if (key === 'a') a.toggleAnalysis();
      else return;
      e.preventDefault();
    });

    $('new-game').addEventListener('click', a.newGame);
    $('undo').addEventListener('click', a.undo);
    $('hint').addEventListener('click', a.hint);
    $('analysis').addEventListener('click', a.toggleAnalysis);
    $('resume').addEventListener('click', a.resume);
    $('stop').addEventListener('click', a.stop);
    $('reset-tally').addEventListener('click', a.resetTally);

    let arrowing = false;
    $('mode').addEventListener('keydown', (e) => {
      if (e.key.startsWith('Arrow')) {
        arrowing = true;
        setTimeout(() => { arrowing = false; });
      } else if (e.key === 'Enter') {
        e.preventDefault();
        a.commitMode();
      }
    });
    $('mode').addEventListener('change', () => {
      if (arrowing) {
        a.pendMode();
        return;
      }
      a.commitMode();
    });
    $('mode').addEventListener('focusout', (e) => {
      if (a.modePending() && !$('mode').contains(e.relatedTarget)) a.commitMode();
    });

    $('history-list').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-ply]');
      if (b) a.goTo(Number(b.dataset.ply));
    });
    $('to-start').addEventListener('click', () => a.goTo(0));
    $('back').addEventListener('click', () => a.goTo(a.state().history.length - 1));
    $('forward').addEventListener('click', () => a.goTo(a.state().history.length + 1));
    $('history').addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || !a.state()) return;
      const to = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (!to) return;
      e.preventDefault();
      a.goTo(a.state().history.length + to);
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

    window.addEventListener('resize', () => requestAnimationFrame(a.fit));
    $('level').addEventListener('change', (e) => a.setLevel(Number(e.target.value)));
    $('think-time').addEventListener('change', (e) => a.setThinkMs(Number(e.target.value)));
    const how = $('how');
    how.addEventListener('toggle', () => {
      if (how.open) a.howOpened();
    });
    window.addEventListener('storage', (e) => a.tallyElsewhere(e.key));
  }

  return { wire };
})();
