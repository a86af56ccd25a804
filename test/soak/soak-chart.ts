/**
 * The soak's chart as a hand-written SVG (no dependency): requests/s, memory with its trend lines, the
 * gateway's event-loop delay p99 and the clients' latency p99, over the minutes of the traffic phase, with
 * the warm-up shaded.
 */
import type { Interval } from './timeline.js';
import type { TrafficReport } from './traffic-report.js';

const WIDTH = 960;
const PANEL = 150;
const GAP = 46;
const LEFT = 70;
const RIGHT = 190;
const TOP = 70;
const PLOT = WIDTH - LEFT - RIGHT;

interface Series {
  readonly label: string;
  readonly colour: string;
  readonly value: (i: Interval) => number;
  readonly dashed?: boolean;
}

interface Panel {
  readonly title: string;
  readonly unit: string;
  readonly series: readonly Series[];
  /** Points drawn as dots, each set with its legend: [minutes, value]. */
  readonly dots?: readonly { readonly label: string; readonly colour: string; readonly points: readonly [number, number][] }[];
  /** Straight lines drawn over the panel: [from minutes, value], [to minutes, value]. */
  readonly lines?: readonly { readonly colour: string; readonly from: [number, number]; readonly to: [number, number] }[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A round axis top at or above `max`: 1, 2 or 5 times a power of ten. */
function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * power >= max) ?? 10) * power;
}

function panelSvg(panel: Panel, index: number, intervals: readonly Interval[], minutes: number, warmupMinutes: number): string {
  const top = TOP + index * (PANEL + GAP);
  const values = [
    ...panel.series.flatMap((s) => intervals.map(s.value)),
    ...(panel.dots ?? []).flatMap((d) => d.points.map((p) => p[1])),
  ];
  const yMax = niceCeiling(Math.max(...values, ...(panel.lines ?? []).flatMap((l) => [l.from[1], l.to[1]])) * 1.05);
  const x = (m: number) => LEFT + (m / minutes) * PLOT;
  const y = (v: number) => top + PANEL - (Math.max(0, v) / yMax) * PANEL;
  const parts: string[] = [];
  parts.push(`<rect x="${LEFT}" y="${top}" width="${x(warmupMinutes) - LEFT}" height="${PANEL}" fill="#eeeeee"/>`);
  parts.push(`<rect x="${LEFT}" y="${top}" width="${PLOT}" height="${PANEL}" fill="none" stroke="#888"/>`);
  for (const fraction of [0, 0.5, 1]) {
    const v = yMax * fraction;
    parts.push(`<line x1="${LEFT}" x2="${LEFT + PLOT}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
    parts.push(`<text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end">${Number(v.toPrecision(3))}</text>`);
  }
  const step = minutes > 20 ? 5 : minutes > 8 ? 2 : 1;
  for (let m = 0; m <= minutes + 1e-9; m += step) {
    parts.push(`<line x1="${x(m)}" x2="${x(m)}" y1="${top + PANEL}" y2="${top + PANEL + 4}" stroke="#888"/>`);
    parts.push(`<text x="${x(m)}" y="${top + PANEL + 16}" text-anchor="middle">${m}</text>`);
  }
  parts.push(`<text x="${LEFT}" y="${top - 8}" font-weight="bold">${escape(panel.title)} (${escape(panel.unit)})</text>`);
  panel.series.forEach((s, n) => {
    const points = intervals.map((i) => `${x(i.t / 60).toFixed(1)},${y(s.value(i)).toFixed(1)}`).join(' ');
    const dash = s.dashed === true ? ' stroke-dasharray="4 3"' : '';
    parts.push(`<polyline points="${points}" fill="none" stroke="${s.colour}" stroke-width="1.5"${dash}/>`);
    const ly = top + 14 + n * 18;
    parts.push(
      `<line x1="${LEFT + PLOT + 12}" x2="${LEFT + PLOT + 32}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"${dash}/>`,
    );
    parts.push(`<text x="${LEFT + PLOT + 38}" y="${ly}">${escape(s.label)}</text>`);
  });
  (panel.dots ?? []).forEach((set, n) => {
    for (const [m, v] of set.points)
      parts.push(`<circle cx="${x(m).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${set.colour}"/>`);
    const ly = top + 14 + (panel.series.length + n) * 18;
    parts.push(`<circle cx="${LEFT + PLOT + 22}" cy="${ly - 4}" r="3" fill="${set.colour}"/>`);
    parts.push(`<text x="${LEFT + PLOT + 38}" y="${ly}">${escape(set.label)}</text>`);
  });
  for (const line of panel.lines ?? []) {
    parts.push(
      `<line x1="${x(line.from[0])}" y1="${y(line.from[1])}" x2="${x(line.to[0])}" y2="${y(line.to[1])}" stroke="${line.colour}" stroke-width="2" stroke-dasharray="8 4"/>`,
    );
  }
  return parts.join('\n');
}

/** The whole chart for `report`, as SVG text. */
export function soakChart(report: TrafficReport): string {
  const intervals = report.intervals;
  const minutes = Math.max(1, ...intervals.map((i) => i.t / 60));
  const warmup = report.warmupSeconds / 60;
  const gcs = intervals.flatMap((i) => i.afterMajorGc);
  const trendLine = (trend: TrafficReport['memory']['heap'], colour: string) => ({
    colour,
    from: [warmup, trend.start] as [number, number],
    to: [minutes, trend.start + trend.slopePerMinute * (minutes - warmup)] as [number, number],
  });
  const panels: Panel[] = [
    {
      title: 'Requests per second',
      unit: 'requests/s',
      series: [
        { label: 'answered', colour: '#1f77b4', value: (i) => i.perSecond },
        { label: 'not as required', colour: '#d62728', value: (i) => (i.requests - i.asRequired) / Math.max(1, i.seconds) },
      ],
    },
    {
      title: 'Gateway memory',
      unit: 'MiB',
      series: [
        { label: 'RSS', colour: '#ff7f0e', value: (i) => i.rssMb },
        { label: 'heap used', colour: '#2ca02c', value: (i) => i.heapUsedMb },
        { label: 'heap total', colour: '#98df8a', value: (i) => i.heapTotalMb, dashed: true },
      ],
      dots: [
        { label: 'RSS after major GC', colour: '#8c4a0e', points: gcs.map((gc) => [gc.t / 60, gc.rssMb]) },
        { label: 'old gen. after major GC', colour: '#145a14', points: gcs.map((gc) => [gc.t / 60, gc.oldGenerationMb]) },
      ],
      lines:
        report.memory.heap.points < 2 ? [] : [trendLine(report.memory.rss, '#8c4a0e'), trendLine(report.memory.heap, '#145a14')],
    },
    {
      title: 'Gateway event-loop delay, p99 per sample',
      unit: 'ms',
      series: [{ label: 'p99', colour: '#9467bd', value: (i) => i.eventLoopP99Ms }],
    },
    {
      title: 'Client latency, p99 per sample',
      unit: 'ms',
      series: [{ label: 'p99', colour: '#17becf', value: (i) => i.latencyP99Ms }],
    },
    {
      title: 'Gateway audit queue, most events waiting per sample (capacity 10,000)',
      unit: 'events',
      series: [{ label: 'queued', colour: '#bcbd22', value: (i) => i.auditQueueDepth }],
    },
    {
      title: 'Machine load average, 1 minute (shared cores)',
      unit: 'runnable tasks',
      series: [{ label: 'load', colour: '#7f7f7f', value: (i) => i.loadAverage }],
    },
  ];
  const height = TOP + panels.length * (PANEL + GAP) + 10;
  const axisLabel = TOP + (panels.length - 1) * (PANEL + GAP) + PANEL + 34;
  const t = report.totals;
  const heading = `npm run soak: ${(report.seconds / 60).toFixed(1)} min of mixed traffic at ${report.perSecond} requests/s through a gateway with every feature on`;
  const { heap, rss } = report.memory;
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(2)}`;
  const summary =
    `${t.requests.toLocaleString('en')} requests, ${t.requests - t.asRequired} not as required; after major GCs past the ` +
    `${(report.warmupSeconds / 60).toFixed(1)}-min warm-up (shaded): old generation ${signed(heap.slopePerMinute)} MiB/min, ` +
    `RSS ${signed(rss.slopePerMinute)} MiB/min (dashed)`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="${LEFT}" y="24" font-size="14" font-weight="bold">${escape(heading)}</text>`,
    `<text x="${LEFT}" y="42">${escape(summary)}</text>`,
    ...panels.map((panel, index) => panelSvg(panel, index, intervals, minutes, warmup)),
    `<text x="${LEFT + PLOT / 2}" y="${axisLabel}" text-anchor="middle">minutes of traffic</text>`,
    '</svg>',
    '',
  ].join('\n');
}
