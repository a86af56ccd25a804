/**
 * The dashboard's browser script, sent inline (its hash is in the page's Content-Security-Policy).
 * Plain ES2020 in a string: it runs in the browser, not in Node, and must not be transformed.
 */
export const PAGE_SCRIPT = String.raw`
'use strict';
const HISTORY = 120;
const SVG_NS = 'http://www.w3.org/2000/svg';
const figuresUrl = location.pathname.replace(/\/$/, '') + '/figures';
const status = document.getElementById('status');
const series = new Map();
let previous = null;

const pick = (object, path) => path.split('.').reduce((o, key) => (o == null ? undefined : o[key]), object);
const FORMATS = {
  count: (v) => String(Math.round(v)),
  rate: (v) => v.toFixed(2) + '/s',
  ratio: (v) => (v * 100).toFixed(1) + '%',
  usd: (v) => '$' + (v / 1e6).toFixed(v >= 1e4 ? 2 : 6),
  seconds: (v) => (v < 1 ? (v * 1000).toFixed(1) + ' ms' : v.toFixed(2) + ' s'),
  similarity: (v) => v.toFixed(2),
};
function format(value, unit) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  return (FORMATS[unit] || FORMATS.count)(value);
}

function renderTiles(figures) {
  for (const element of document.querySelectorAll('[data-path]')) {
    element.textContent = format(pick(figures, element.dataset.path), element.dataset.unit);
  }
}

function renderBreakdowns(figures) {
  for (const body of document.querySelectorAll('[data-breakdown]')) {
    const entries = Object.entries(pick(figures, body.dataset.breakdown) || {}).sort((a, b) => b[1] - a[1]);
    const rows = entries.map(([key, value]) => {
      const row = document.createElement('tr');
      const name = document.createElement('td');
      const count = document.createElement('td');
      name.textContent = key;
      count.textContent = format(value, 'count');
      count.dataset.figure = body.dataset.prefix + '.' + key;
      row.append(name, count);
      return row;
    });
    if (rows.length === 0) {
      const row = document.createElement('tr');
      const none = document.createElement('td');
      none.textContent = 'none';
      none.colSpan = 2;
      row.append(none);
      rows.push(row);
    }
    body.replaceChildren(...rows);
  }
}

/** One chart point: the value now, a per-second rate, or a ratio of two counters' increases. */
function point(chart, before, now) {
  const d = chart.dataset;
  if (d.kind === 'value') return pick(now, d.series);
  if (before === null) return null;
  const delta = (path) => pick(now, path) - pick(before, path);
  if (d.kind === 'rate') {
    const seconds = (now.at - before.at) / 1000;
    return seconds > 0 ? delta(d.series) / seconds : null;
  }
  const denominator = delta(d.denominator);
  return denominator > 0 ? delta(d.series) / denominator : null;
}

function line(points) {
  const element = document.createElementNS(SVG_NS, 'polyline');
  element.setAttribute('points', points.join(' '));
  element.setAttribute('fill', 'none');
  element.setAttribute('stroke', 'currentColor');
  element.setAttribute('stroke-width', '1.5');
  return element;
}

function drawChart(chart, values) {
  const width = 300;
  const height = 80;
  const unit = chart.dataset.unit;
  const finite = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  const top = Math.max(unit === 'ratio' ? 1 : 0, ...finite) || 1;
  const offset = HISTORY - values.length;
  const x = (i) => (((offset + i) / (HISTORY - 1)) * width).toFixed(1);
  const y = (v) => (height - 2 - (v / top) * (height - 4)).toFixed(1);
  const segments = [];
  let current = [];
  values.forEach((v, i) => {
    if (typeof v === 'number' && Number.isFinite(v)) {
      current.push(x(i) + ',' + y(v));
    } else if (current.length > 0) {
      segments.push(current);
      current = [];
    }
  });
  if (current.length > 0) segments.push(current);
  chart.querySelector('svg').replaceChildren(...segments.map(line));
  const latest = values[values.length - 1];
  chart.querySelector('[data-latest]').textContent = format(latest, unit) + ' · max ' + format(top, unit);
}

function renderCharts(before, now) {
  for (const chart of document.querySelectorAll('[data-chart]')) {
    const values = series.get(chart.dataset.chart) || [];
    values.push(point(chart, before, now));
    if (values.length > HISTORY) values.shift();
    series.set(chart.dataset.chart, values);
    drawChart(chart, values);
  }
}

async function tick() {
  try {
    const response = await fetch(figuresUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error('HTTP ' + response.status);
    const figures = await response.json();
    renderTiles(figures);
    renderBreakdowns(figures);
    renderCharts(previous, figures);
    previous = figures;
    status.textContent = 'live · ' + new Date(figures.at).toLocaleTimeString();
  } catch (error) {
    status.textContent = 'offline · ' + (error instanceof Error ? error.message : String(error));
  } finally {
    setTimeout(tick, 1000);
  }
}
tick();
`;
