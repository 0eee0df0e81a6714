/*
 * tui-screenshot.js - a picture of the full-screen game for the docs: mnk
 * play in a private tmux (256 colours), a few moves, the screen captured
 * with its colours, drawn as HTML on a dark and on a light background and
 * photographed by Chromium (playwright-core, as the browser tests use it).
 *
 *   node scripts/tui-screenshot.js build/mnk docs/tui.png
 *
 * Not a test: it only makes the picture (docs/tui.png, docs/tui-light.png).
 */
'use strict';

const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { chromium } = require('playwright-core');

const [mnk = 'build/mnk', out = 'docs/tui.png'] = process.argv.slice(2);
const sock = `mnk-shot-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', sock, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(text) {
  for (let i = 0; i < 200; i++) {
    if (tmux('capture-pane', '-p', '-t', 'g').includes(text)) return;
    await sleep(50);
  }
  throw new Error(`tui-screenshot: "${text}" never appeared`);
}

/* xterm's 256 colours: the 6x6x6 cube and the grey ramp (the 16 system
 * colours are the terminal's own; these pictures use none of them). */
function xterm(n) {
  const lv = [0, 95, 135, 175, 215, 255];
  if (n >= 232) { const v = 8 + 10 * (n - 232); return `rgb(${v},${v},${v})`; }
  const i = n - 16;
  return `rgb(${lv[Math.floor(i / 36)]},${lv[Math.floor(i / 6) % 6]},${lv[i % 6]})`;
}

/* The captured screen (SGR escapes) as HTML spans. */
function toHtml(screen, fg, bg) {
  let st = { bold: false, dim: false, rev: false, col: null };
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let html = '';
  for (const part of screen.split(/(\x1b\[[0-9;]*m)/)) {
    const m = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (m) {
      const codes = m[1].split(';').map(Number);
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i];
        if (c === 0) st = { bold: false, dim: false, rev: false, col: null };
        else if (c === 1) st.bold = true;
        else if (c === 2) st.dim = true;
        else if (c === 7) st.rev = true;
        else if (c === 39) st.col = null;
        else if (c === 38 && codes[i + 1] === 5) { st.col = xterm(codes[i + 2]); i += 2; }
      }
      continue;
    }
    if (!part) continue;
    const f = st.col || fg;
    const style = [`color:${st.rev ? bg : f}`, `background:${st.rev ? f : 'transparent'}`,
      st.bold ? 'font-weight:700' : '', st.dim ? 'opacity:0.7' : ''].filter(Boolean).join(';');
    html += `<span style="${style}">${esc(part)}</span>`;
  }
  return html;
}

(async () => {
  tmux('new-session', '-d', '-s', 'g', '-x', '100', '-y', '26',
    `env TERM=screen-256color LANG=C.UTF-8 ${path.resolve(mnk)} play --seed 7`);
  try {
    await waitFor('Your move (X).');
    for (const [key, marks] of [['5', 2], ['9', 4]]) {
      tmux('send-keys', '-t', 'g', key, 'Enter');
      for (let i = 0; i < 200 && (tmux('capture-pane', '-p', '-t', 'g').match(/[XO]/g) || []).length < marks + 3; i++) await sleep(50);
      await waitFor('Your move (X)');
    }
    tmux('send-keys', '-t', 'g', 'Left');
    tmux('send-keys', '-t', 'g', 'a');
    await waitFor('Analysis for X');
    await sleep(300);
    const screen = tmux('capture-pane', '-e', '-p', '-t', 'g');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    for (const [file, fg, bg] of [[out, '#e6e6e6', '#101010'], [out.replace(/\.png$/, '-light.png'), '#1a1a1a', '#ffffff']]) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 560 } });
      await page.setContent(`<body style="margin:0;background:${bg}"><pre style="margin:12px;font:15px/1.0 'DejaVu Sans Mono',monospace;color:${fg}">${toHtml(screen, fg, bg)}</pre></body>`);
      await page.screenshot({ path: file });
      console.log(`tui-screenshot: ${file}`);
    }
    await browser.close();
  } finally {
    tmux('kill-server');
  }
})().catch((err) => { console.error(err.message); process.exit(1); });
