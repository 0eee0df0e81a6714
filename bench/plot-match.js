#!/usr/bin/env node
// bench/plot-match.js - draws match results as an SVG: the score of the
// first engine (points in percent, with its 95% interval) against the
// time per move, one line per opponent.
//
//   node bench/plot-match.js RESULTS.tsv > docs/match.svg
//
// RESULTS.tsv holds one line per match, tab-separated, '#' for comments:
//   OPPONENT  SECONDS  WINS  DRAWS  LOSSES
// (what bench/match.sh prints, copied by hand). Nothing here is measured:
// the numbers come from the file.
'use strict';
const fs = require('fs');

function usage(msg) {
  process.stderr.write(`plot-match: ${msg}\nusage: node bench/plot-match.js RESULTS.tsv\n`);
  process.exit(2);
}

const file = process.argv[2];
if (!file || process.argv.length !== 3) usage('one results file expected');
let text;
try {
  text = fs.readFileSync(file, 'utf8');
} catch (e) {
  usage(`${file}: ${e.message}`);
}

const series = new Map();
text.split('\n').forEach((line, i) => {
  line = line.trim();
  if (line === '' || line.startsWith('#')) return;
  const f = line.split('\t');
  const nums = f.slice(1).map(Number);
  if (f.length !== 5 || nums.some((x) => !Number.isFinite(x) || x < 0) || nums[0] <= 0 ||
      nums.slice(1).some((x) => !Number.isInteger(x)) || nums[1] + nums[2] + nums[3] === 0)
    usage(`${file}:${i + 1}: expected OPPONENT SECONDS WINS DRAWS LOSSES`);
  const [secs, w, d, l] = nums;
  const n = w + d + l;
  const score = (w + d / 2) / n;
  // Per-game variance of the points, for the interval of the mean.
  const v = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * score ** 2) / n;
  const err = 1.96 * Math.sqrt(v / n);
  if (!series.has(f[0])) series.set(f[0], []);
  series.get(f[0]).push({ secs, score, lo: Math.max(0, score - err), hi: Math.min(1, score + err), n });
});
if (series.size === 0) usage(`${file}: no results`);

const W = 780, H = 320, L = 60, R = 300, T = 20, B = 50;
const all = [...series.values()].flat();
const xmin = Math.min(...all.map((p) => p.secs)), xmax = Math.max(...all.map((p) => p.secs));
const lx = (s) => Math.log10(s);
const span = lx(xmax) - lx(xmin) || 1;
const PAD = 20; // points clear of the axes
const X = (s) => L + PAD + ((lx(s) - lx(xmin)) / span) * (W - L - R - 2 * PAD) +
  (xmax === xmin ? (W - L - R - 2 * PAD) / 2 : 0);
const Y = (p) => T + (1 - p) * (H - T - B);
// Enough colours that no two series share one (sixteen in match-results.tsv).
const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
  '#bcbd22', '#17becf', '#ff7f0e', '#000000', '#393b79', '#637939', '#8c6d31', '#843c39',
  '#7b4173'];
const out = [];
out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`);
out.push(`<title>mnk's score in matches against time per move</title>`);
out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
for (const p of [0, 0.25, 0.5, 0.75, 1]) {
  out.push(`<line x1="${L}" x2="${W - R}" y1="${Y(p)}" y2="${Y(p)}" stroke="#ddd"/>`);
  out.push(`<text x="${L - 6}" y="${Y(p) + 4}" text-anchor="end">${p * 100}%</text>`);
}
const ticks = [...new Set(all.map((p) => p.secs))].sort((a, b) => a - b);
// A tick's label is left out when it would touch the one before it.
const TICK_GAP = 32;
let lastTick = -Infinity;
for (const s of ticks) {
  if (X(s) - lastTick < TICK_GAP) continue;
  lastTick = X(s);
  out.push(`<text x="${X(s)}" y="${H - B + 16}" text-anchor="middle">${s} s</text>`);
}
out.push(`<text x="${(L + W - R) / 2}" y="${H - 10}" text-anchor="middle">time per move, log scale (x: the side whose time varies)</text>`);
out.push(`<text transform="translate(14 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">mnk's points</text>`);
let k = 0;
for (const [name, pts] of series) {
  const c = colours[k % colours.length];
  const esc = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  pts.sort((a, b) => a.secs - b.secs);
  out.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.map((p) => `${X(p.secs)},${Y(p.score)}`).join(' ')}"/>`);
  for (const p of pts) {
    out.push(`<line x1="${X(p.secs)}" x2="${X(p.secs)}" y1="${Y(p.lo)}" y2="${Y(p.hi)}" stroke="${c}"/>`);
    out.push(`<circle cx="${X(p.secs)}" cy="${Y(p.score)}" r="4" fill="${c}"><title>${esc}, ${p.secs} s: ${(p.score * 100).toFixed(1)}% of ${p.n} games</title></circle>`);
  }
  out.push(`<text x="${W - R + 10}" y="${T + 16 + 18 * k}" fill="${c}">${esc}</text>`);
  k++;
}
out.push('</svg>');
process.stdout.write(out.join('\n') + '\n');
