/**
 * The `/dashboard` page: one self-contained HTML document (inline style, script and SVG charts, no
 * external URL) and the Content-Security-Policy that allows exactly its own inline parts and fetches
 * to its own origin.
 */
import { createHash } from 'node:crypto';
import { DASHBOARD_CALIBRATION_PRECISION } from './figures.js';
import { PAGE_SCRIPT } from './page-script.js';

type Unit = 'count' | 'rate' | 'ratio' | 'usd' | 'seconds' | 'similarity';

/** A number tile: `figure` is its stable `data-figure` name, `path` where it sits in the figures JSON. */
interface Tile {
  readonly figure: string;
  readonly label: string;
  readonly path: string;
  readonly unit: Unit;
}

interface Chart {
  readonly id: string;
  readonly title: string;
  readonly kind: 'rate' | 'value' | 'ratio';
  readonly path: string;
  readonly denominator?: string;
  readonly unit: Unit;
}

const tile = (figure: string, label: string, path: string, unit: Unit = 'count'): Tile => ({ figure, label, path, unit });

const SECTIONS: readonly { readonly title: string; readonly tiles: readonly Tile[] }[] = [
  {
    title: 'Traffic',
    tiles: [
      tile('requests', 'Requests', 'requests'),
      tile('in-flight', 'In flight', 'inFlight'),
      tile('errors', 'Errors', 'errors.total'),
      tile('guard-blocks', 'Guard blocks', 'guardBlocks.total'),
      tile('latency-p50', 'Latency p50', 'latency.p50Seconds', 'seconds'),
      tile('latency-p99', 'Latency p99', 'latency.p99Seconds', 'seconds'),
    ],
  },
  {
    title: 'Cache',
    tiles: [
      tile('hit-ratio', 'Hit ratio', 'cache.hitRatio', 'ratio'),
      tile('hit-ratio-exact', 'Exact hit ratio', 'cache.exactHitRatio', 'ratio'),
      tile('hit-ratio-semantic', 'Semantic hit ratio', 'cache.semanticHitRatio', 'ratio'),
      tile('exact-hits', 'Exact hits', 'cache.exactHits'),
      tile('semantic-hits', 'Semantic hits', 'cache.semanticHits'),
      tile('misses', 'Misses', 'cache.misses'),
    ],
  },
  {
    title: 'Cost',
    tiles: [
      tile('upstream-cost', 'Upstream cost', 'cost.upstreamMicroUsd', 'usd'),
      tile('gross-saved', 'Saved (gross)', 'cost.grossSavedMicroUsd', 'usd'),
      tile('net-saved', 'Saved (net)', 'cost.netSavedMicroUsd', 'usd'),
      tile('embedding-overhead', 'Embedding overhead', 'cost.embeddingOverheadMicroUsd', 'usd'),
      tile('tokens-saved', 'Tokens saved', 'cost.tokensSaved'),
    ],
  },
  {
    title: 'Semantic cache',
    tiles: [
      tile('semantic-threshold-pass', 'Above threshold', 'semantic.thresholdPass'),
      tile('semantic-threshold-fail', 'Below threshold', 'semantic.thresholdFail'),
      tile('semantic-same-wording', 'Same wording, below threshold', 'semantic.thresholdSameWording'),
      tile('semantic-verification-pass', 'Verified', 'semantic.verificationPass'),
      tile('semantic-verification-rejected', 'Rejected by verification', 'semantic.verificationRejected'),
    ],
  },
  {
    title: 'Observe mode (evaluation)',
    tiles: [
      tile('evaluation-exact-would-hit', 'Exact would hit', 'evaluation.exactWouldHit'),
      tile('evaluation-semantic-would-hit', 'Semantic would hit', 'evaluation.semanticWouldHit'),
      tile('evaluation-misses', 'Would miss', 'evaluation.misses'),
      tile('evaluation-calls-avoided', 'Calls avoidable', 'evaluation.upstreamCallsAvoided'),
      tile('evaluation-gross-saved', 'Would save (gross)', 'evaluation.grossSavedMicroUsd', 'usd'),
      tile('evaluation-net-saved', 'Would save (net)', 'evaluation.netSavedMicroUsd', 'usd'),
      tile(
        'evaluation-calibrated-threshold',
        `Threshold for precision ${DASHBOARD_CALIBRATION_PRECISION}`,
        'evaluation.calibration.threshold',
        'similarity',
      ),
      tile('evaluation-calibrated-would-hits', 'Would-hits at that threshold', 'evaluation.calibration.wouldHits'),
    ],
  },
];

const CHARTS: readonly Chart[] = [
  { id: 'requests-rate', title: 'Requests per second', kind: 'rate', path: 'requests', unit: 'rate' },
  { id: 'hit-ratio', title: 'Hit ratio', kind: 'ratio', path: 'cache.hits', denominator: 'cache.lookups', unit: 'ratio' },
  { id: 'latency-p99', title: 'Latency p99 (since start)', kind: 'value', path: 'latency.p99Seconds', unit: 'seconds' },
  { id: 'errors-rate', title: 'Errors per second', kind: 'rate', path: 'errors.total', unit: 'rate' },
];

const BREAKDOWNS = [
  { title: 'Errors by class', path: 'errors.byClass', prefix: 'errors' },
  { title: 'Guard blocks by guard', path: 'guardBlocks.byGuard', prefix: 'guard-blocks' },
  { title: 'Upstream calls', path: 'upstreams.calls', prefix: 'upstream-calls' },
  { title: 'Upstream calls failed', path: 'upstreams.failures', prefix: 'upstream-failures' },
  { title: 'Upstream breakers not closed (1 open, 2 half-open)', path: 'upstreams.breakers', prefix: 'upstream-breakers' },
] as const;

const STYLE = `
:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 1.5rem; }
header { display: flex; gap: 1rem; align-items: baseline; }
h1 { font-size: 1.3rem; margin: 0; }
h2 { font-size: 1rem; margin: 1.2rem 0 0.4rem; }
#status { opacity: 0.7; }
.tiles, .charts { display: grid; gap: 0.6rem; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); }
.charts { grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr)); }
.tile, figure { border: 1px solid #8884; border-radius: 6px; padding: 0.5rem 0.7rem; margin: 0; }
.tile span { display: block; font-size: 0.8rem; opacity: 0.7; }
.tile strong { font-size: 1.3rem; font-variant-numeric: tabular-nums; }
figure { color: #2a7ab8; } figcaption { color: CanvasText; font-size: 0.8rem; }
svg { width: 100%; height: 80px; }
table { border-collapse: collapse; min-width: 16rem; } td { padding: 0.15rem 0.6rem 0.15rem 0; }
`;

function renderTile(t: Tile): string {
  return `<div class="tile"><span>${t.label}</span><strong data-figure="${t.figure}" data-path="${t.path}" data-unit="${t.unit}">–</strong></div>`;
}

function renderChart(c: Chart): string {
  const denominator = c.denominator === undefined ? '' : ` data-denominator="${c.denominator}"`;
  return `<figure data-chart="${c.id}" data-kind="${c.kind}" data-series="${c.path}"${denominator} data-unit="${c.unit}">
<figcaption>${c.title}: <span data-latest>–</span></figcaption>
<svg viewBox="0 0 300 80" preserveAspectRatio="none" role="img" aria-label="${c.title}"></svg></figure>`;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page, built once: every part of it is fixed; live values arrive from `/dashboard/figures`. */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>sluice gateway</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><header><h1>sluice gateway</h1><span id="status">connecting…</span></header>
<h2>Last two minutes</h2><div class="charts">${CHARTS.map(renderChart).join('\n')}</div>
${SECTIONS.map((s) => `<h2>${s.title}</h2><div class="tiles">${s.tiles.map(renderTile).join('')}</div>`).join('\n')}
${BREAKDOWNS.map((b) => `<h2>${b.title}</h2><table><tbody data-breakdown="${b.path}" data-prefix="${b.prefix}"></tbody></table>`).join('\n')}
<script>${PAGE_SCRIPT}</script></body></html>
`;

/**
 * Only this page's own inline style and script (by hash), fetches to its own origin, nothing else:
 * no external script, style, font, image or frame can load, and no other site can frame it.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  `script-src ${sha256(PAGE_SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  // The empty data: icon keeps the browser from asking the gateway for /favicon.ico.
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
