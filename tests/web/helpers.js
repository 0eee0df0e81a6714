/*
 * helpers.js - what the browser tests share: Debian's Chromium through
 * playwright-core, a static server on 127.0.0.1, the page's board read
 * back from its accessible labels, and the native `mnk` command as the
 * oracle for every value and move the page shows.
 */
'use strict';

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch (err) {
  throw new Error('playwright-core is missing: run `npm ci` (make test does it)');
}

const ROOT = path.resolve(__dirname, '..', '..');
const BUILD = path.resolve(ROOT, process.env.MNK_BUILD || 'build');
const MNK = path.join(BUILD, 'mnk');
const PAGE = path.join(BUILD, 'web', 'mnk.html');
const CHROMIUM = '/usr/bin/chromium';
/* The table the page's engine has (web/wasm_api.c), for node counts. */
const TABLE_MIB = '16';

for (const f of [MNK, PAGE, CHROMIUM])
  if (!fs.existsSync(f)) throw new Error(`${f} is missing: run make web (and make deps for Chromium)`);

/* ---- the native oracle ------------------------------------------------- */

function mnk(...args) {
  return execFileSync(MNK, args, { encoding: 'utf8' }).trim();
}

function mnkJSON(command, ...args) {
  return JSON.parse(mnk(command, '--json', ...args));
}

function valueText(v) {
  if (!v.proven) return 'not proven';
  return v.result === 'draw' ? 'draw' : `${v.result} in ${v.plies}`;
}

/* The moves a player of `level` may choose in a position, from the values
 * `mnk analyze --json` gives (include/mnk.h, "Levels"): it sees a move's
 * win or loss only within its horizon, and picks among the moves it cannot
 * tell from the best it sees. */
const HORIZON = [1, 2, 4, Infinity];
function levelChoices(analysis, level) {
  const seen = analysis.moves.map((mv) => {
    if (mv.result === 'draw' || mv.plies > HORIZON[level]) return 0;
    return mv.result === 'win' ? 30000 - mv.plies : mv.plies - 30000;
  });
  const best = Math.max(...seen);
  return analysis.moves.filter((_, i) => seen[i] === best).map((mv) => mv.move);
}

/* ---- serving and browsing --------------------------------------------- */

const TYPES = { '.html': 'text/html; charset=utf-8', '.wasm': 'application/wasm', '.png': 'image/png' };

/* Serves build/web on 127.0.0.1 at a free port. */
async function startServer() {
  const root = path.dirname(PAGE);
  const server = http.createServer((req, res) => {
    const name = path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^([/\\])+/, '');
    const file = path.join(root, name);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/mnk.html`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const FILE_URL = pathToFileURL(PAGE).href;

function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/* Opens the page in a fresh context and waits for the engine. Every
 * console error, page error and request outside the page is kept in
 * `problems`, which each test checks at its end. */
async function openPage(browser, url, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', context } = {}) {
  const ctx = context || await browser.newContext({ viewport, colorScheme });
  const page = await ctx.newPage();
  const problems = [];
  const pageBase = url.split(/[?#]/)[0];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => {
    const u = r.url();
    if (u.split('?')[0] !== pageBase && !u.startsWith('blob:') && !u.startsWith('data:')) problems.push(`request: ${u}`);
  });
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') problems.push(`worker: ${m.text()}`); }));
  await page.goto(url);
  await waitReady(page);
  return { ctx, page, problems };
}

/* The page's localStorage, key by key. */
const storageOf = (page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

/* Chromium hands a page's localStorage writes to the browser process on
 * their own channel, and a page reloaded a moment later may read the
 * storage before they land (seen once in CI, on a loaded machine). A
 * person reloads seconds later; a test waits until a second page of the
 * same origin sees every key the page holds, which a reloaded page then
 * sees too. A file:// page's probe is an empty file (written once), an
 * http page's any address of its server. */
let fileProbe = null;
/* How long one probe page looks before a fresh one replaces it, how long
 * until the page's values are stored again through the probe, and how
 * long in all before the test fails. */
const PROBE_LOOK_MS = 1000;
const PROBE_RESTORE_MS = 10000;
const PROBE_TIMEOUT_MS = 30000;
/* The page's keys are read again at every look, not once: a page that
 * stores again while the probe waits (a later save of the same state)
 * must not leave the probe waiting for values that are gone.
 *
 * Twice on a loaded machine (CI, and 1 run in 8 of rules.test.js beside
 * polish.test.js with two CPU burners) a probe saw none of the page's
 * three keys for 15 s, keys the page had stored seconds before: the
 * page's writes had not reached the storage a second page reads, or that
 * page's view of it was stale. So each probe page looks for at most
 * PROBE_LOOK_MS and a fresh one (a fresh read of the storage) takes its
 * place; after PROBE_RESTORE_MS the probe stores the values the page
 * holds itself (the page's own state, unchanged: what a reload must
 * restore), and the wait fails only after PROBE_TIMEOUT_MS, naming each
 * key that still differs and what the probe holds for it. */
async function storageSettled(page) {
  if (page.url().startsWith('file:') && !fileProbe) {
    const file = path.join(os.tmpdir(), 'mnk-storage-probe.html');
    fs.writeFileSync(file, '<!doctype html><title>storage probe</title>\n');
    fileProbe = pathToFileURL(file).href;
  }
  const url = page.url().startsWith('file:') ? fileProbe : new URL('/storage-probe', page.url()).href;
  const start = Date.now();
  let restored = false;
  for (;;) {
    const probe = await page.context().newPage();
    try {
      await probe.goto(url);
      const lookEnd = Date.now() + PROBE_LOOK_MS;
      do {
        const items = await storageOf(page);
        /* Each key read once; what the probe holds: nothing, a value of
         * another length, or one of the same length that differs. */
        const differ = await probe.evaluate((want) => Object.entries(want).flatMap(([k, w]) => {
          const v = localStorage.getItem(k);
          if (v === w)
            return [];
          if (v === null)
            return [`${k} (absent)`];
          return [`${k} (${v.length} characters, ${v.length === w.length ? 'other content' : `not ${w.length}`})`];
        }), items);
        if (differ.length === 0)
          return;
        const waited = Date.now() - start;
        if (waited > PROBE_TIMEOUT_MS)
          throw new Error(`storage not settled after ${waited} ms: ${differ.join(', ')} in a second page`);
        if (!restored && waited > PROBE_RESTORE_MS) {
          await probe.evaluate((want) => { for (const k of Object.keys(want)) localStorage.setItem(k, want[k]); }, items);
          restored = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      } while (Date.now() < lookEnd);
    } finally {
      await probe.close();
    }
  }
}

/* Pages whose every document records, before its own scripts run, the
 * storage it starts with (window.__mnkBootStorage). */
const recordingBoot = new WeakSet();
/* How many times a reload may start from storage older than the page's. */
const RELOAD_TRIES = 3;

/* The page reloaded once what it stored has landed (storageSettled), and
 * ready again, having started from what it stored.
 *
 * A settled probe is not always enough: once in CI (2026-12-04, on a
 * loaded machine) the reloaded page of rules.test.js showed the rule of
 * the board before last, though a second page had seen the page's last
 * values. The storage a document starts with is recorded before its
 * scripts run; when it is not what the page held (what a reload must
 * restore), those values are stored again through the page and it is
 * reloaded once more, at most RELOAD_TRIES times in all, and then the
 * test fails naming the keys. A page that did not store a value fails
 * the test's own check, since the values compared are the page's. */
async function reload(page) {
  if (!recordingBoot.has(page)) {
    await page.addInitScript(() => {
      window.__mnkBootStorage = Object.fromEntries(Object.entries(localStorage));
    });
    recordingBoot.add(page);
  }
  await storageSettled(page);
  const want = await storageOf(page);
  for (let tries = 1; ; tries++) {
    await page.reload();
    await waitReady(page);
    const seen = await page.evaluate(() => window.__mnkBootStorage) || {};
    const keys = new Set([...Object.keys(want), ...Object.keys(seen)]);
    const differ = [...keys].filter((k) => seen[k] !== want[k]);
    if (differ.length === 0)
      return;
    if (tries === RELOAD_TRIES)
      throw new Error(`a reloaded page started from other storage ${tries} times: ${differ.join(', ')}`);
    await page.evaluate((w) => {
      for (const k of Object.keys(localStorage)) if (!(k in w)) localStorage.removeItem(k);
      for (const [k, v] of Object.entries(w)) localStorage.setItem(k, v);
    }, want);
    await storageSettled(page);
  }
}

async function waitReady(page) {
  await page.waitForSelector('#app[data-ready="true"][data-state="idle"]', { timeout: 15000 });
}

/* Waits until the page has nothing left to do (the computer has moved,
 * the overlay and the panel are filled in). */
async function waitIdle(page, timeout = 15000) {
  await page.waitForSelector('#app[data-state="idle"]', { timeout });
}

/* A browser and a server for the tests of one file: started before them,
 * closed after them (node:test hooks). Read env.browser and env.server in
 * the tests. */
function browserAndServer() {
  const { before, after } = require('node:test');
  const env = { browser: null, server: null };
  before(async () => {
    env.browser = await launch();
    env.server = await startServer();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/* ---- the board --------------------------------------------------------- */

/* The board from the cells' labels ("b2, X, last move"), in the slash
 * notation of `mnk`. */
async function readBoard(page) {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll('#board .cell')].map((b) => b.getAttribute('aria-label'));
    const m = getComputedStyle(document.getElementById('board-frame')).getPropertyValue('--m').trim();
    return { labels: cells, m: Number(m) };
  }).then(({ labels, m }) => {
    const marks = labels.map((l) => {
      const state = l.split(', ')[1];
      return state === 'X' ? 'x' : state === 'O' ? 'o' : '.';
    });
    const rows = [];
    for (let i = 0; i < marks.length; i += m) rows.push(marks.slice(i, i + m).join(''));
    return { position: rows.join('/'), labels, marks };
  });
}

const cellButton = (page, name) => page.locator(`#board .cell[aria-label^="${name}, "]`);

async function clickCell(page, name) {
  await cellButton(page, name).click();
  await waitIdle(page);
}

async function status(page) {
  return (await page.textContent('#status')).trim();
}

function checkNoProblems(problems) {
  assert.deepEqual(problems, [], 'no console errors, page errors or requests outside the page');
}

/* A small deterministic random generator for the tests' own moves. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    s = (s ^ (s >>> 13)) >>> 0;
    return s % n;
  };
}

module.exports = {
  ROOT, BUILD, PAGE, FILE_URL, TABLE_MIB,
  mnk, mnkJSON, valueText, levelChoices,
  startServer, launch, browserAndServer, openPage, reload, waitReady, waitIdle,
  readBoard, cellButton, clickCell, status, checkNoProblems, rng,
};
