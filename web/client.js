/*
 * client.js - the page's side of the engine's worker and of the browser's
 * storage: the Engine class that sends operations to web/worker.js and
 * restarts it to stop a search, the errors it raises, and storage that a
 * refused or absent localStorage cannot break. app.js uses them.
 */
'use strict';

const mnkClient = (() => {
  const TALLY_FIELDS = ['games', 'x_wins', 'o_wins', 'draws', 'human_wins', 'human_losses', 'human_draws'];

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
      const source = document.getElementById('mnk-worker-source').textContent;
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

  return { load, save, tallyOf, addTally, Stopped, EngineError, STATUS_NO_UNDO, Engine };
})();
