/*
 * assemble.js - builds the single-file page: web/index.html with its
 * stylesheet, its script and the engine's worker inlined, and the
 * WebAssembly inlined into the worker as base64.
 *
 *   node web/assemble.js build/web/mnk.wasm build/web/mnk.html
 *
 * The page then needs nothing else: it works opened from disk (file://,
 * where fetch and module workers are refused) as well as served. Each tag
 * to replace must be found exactly once, and inlined text must not close
 * its <script> or <style> early; anything else is an error.
 */
'use strict';

const fs = require('fs');
const path = require('path');

const [wasmPath, outPath] = process.argv.slice(2);
if (!wasmPath || !outPath) {
  console.error('usage: node web/assemble.js MNK.WASM OUT.HTML');
  process.exit(2);
}

const dir = __dirname;
const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');

function inline(html, tag, replacement) {
  const at = html.indexOf(tag);
  if (at < 0 || html.indexOf(tag, at + 1) >= 0)
    throw new Error(`assemble: expected exactly one ${tag} in index.html`);
  return html.slice(0, at) + replacement + html.slice(at + tag.length);
}

/* Text inside <script> or <style> ends at the first closing tag, and
 * "<!--" or "<script" inside a script change how the rest is read. */
function safe(text, closing, name) {
  for (const bad of [closing, '<!--', '<script'])
    if (text.toLowerCase().includes(bad))
      throw new Error(`assemble: ${name} contains "${bad}", which would break the inlined block`);
  return text;
}

const wasm = fs.readFileSync(wasmPath);
if (!WebAssembly.validate(wasm)) throw new Error(`assemble: ${wasmPath} is not valid WebAssembly`);

const MARKER = '__MNK_WASM_BASE64__';
let worker = read('worker.js');
if (worker.split(MARKER).length !== 2) throw new Error(`assemble: expected one ${MARKER} in worker.js`);
worker = worker.replace(MARKER, wasm.toString('base64'));

let html = read('index.html');
html = inline(html, '<link rel="stylesheet" href="style.css">',
  `<style>\n${safe(read('style.css'), '</style', 'style.css')}</style>`);
html = inline(html, '<script id="mnk-worker-source" type="text/plain" src="worker.js"></script>',
  `<script id="mnk-worker-source" type="text/plain">\n${safe(worker, '</script', 'worker.js')}</script>`);
/* The page's scripts, in the order index.html loads them. */
for (const name of ['store.js', 'view.js', 'client.js', 'board.js', 'form.js', 'actions.js', 'controls.js', 'app.js'])
  html = inline(html, `<script src="${name}"></script>`,
    `<script>\n${safe(read(name), '</script', name)}</script>`);

fs.mkdirSync(path.dirname(outPath), { recursive: true });
fs.writeFileSync(outPath, html);
console.log(`assemble: ${outPath}: ${html.length} bytes (WebAssembly ${wasm.length} bytes)`);
