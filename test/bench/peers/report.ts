/** The side-by-side table: the median of each row's alternating runs, and sluice's ratios to Portkey. */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { LoadResult } from '../load.js';

export interface PeerRun {
  readonly load: LoadResult;
  /** CPU of the serving gateway process per request answered (µs); undefined without /proc. */
  readonly cpuUsPerRequest: number | undefined;
}

export interface PeerRow {
  readonly label: string;
  readonly sluice: readonly PeerRun[];
  /** Empty for a path Portkey has no counterpart of (the exact hit). */
  readonly portkey: readonly PeerRun[];
}

interface Medians {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpu: number | undefined;
  readonly failed: number;
  readonly rounds: string;
}

/** How many times sluice's requests/s Portkey's must fit in, for pass-through. */
const TARGET_RATE_RATIO = 4;

export function hardwareLine(): string {
  const model = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? 'unknown CPU';
  return `hardware: nproc ${availableParallelism()}, ${model}, Node ${process.version}`;
}

export function loadLine(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export function printPeerReport(rows: readonly PeerRow[], passThrough: readonly string[], contextRow: string): void {
  console.log('| path | gateway | requests/s | p50 ms | p99 ms | server CPU µs/request | requests/s per round | failed |');
  console.log('|---|---|---:|---:|---:|---:|---|---:|');
  for (const row of rows) {
    for (const [gateway, runs] of [
      ['sluice', row.sluice],
      ['Portkey', row.portkey],
    ] as const) {
      if (runs.length === 0) continue;
      const m = medians(runs);
      const cpu = m.cpu === undefined ? 'n/a' : m.cpu.toFixed(1);
      console.log(
        `| ${row.label} | ${gateway} | ${Math.round(m.requestsPerSecond)} | ${m.p50} | ${m.p99} | ${cpu} | ${m.rounds} | ${m.failed} |`,
      );
    }
  }
  console.log('\n| path | sluice/Portkey requests/s | sluice/Portkey p99 | sluice/Portkey CPU per request |');
  console.log('|---|---:|---:|---:|');
  const byLabel = (label: string) => rows.find((row) => row.label === label);
  const lines: string[] = [];
  for (const row of rows) {
    // The exact hit has no Portkey counterpart: it is set against Portkey's non-streaming pass-through.
    const portkeyRuns = row.portkey.length > 0 ? row.portkey : (byLabel(contextRow)?.portkey ?? []);
    if (row.sluice.length === 0 || portkeyRuns.length === 0) continue;
    const s = medians(row.sluice);
    const p = medians(portkeyRuns);
    const cpu = s.cpu === undefined || p.cpu === undefined ? 'n/a' : ratio(s.cpu, p.cpu);
    const against = row.portkey.length > 0 ? '' : ` (against Portkey's ${contextRow})`;
    console.log(
      `| ${row.label}${against} | ${ratio(s.requestsPerSecond, p.requestsPerSecond)} | ${ratio(s.p99, p.p99)} | ${cpu} |`,
    );
    if (passThrough.includes(row.label)) {
      const met = s.requestsPerSecond >= TARGET_RATE_RATIO * p.requestsPerSecond && s.p99 < p.p99;
      lines.push(
        `${row.label}: sluice ${ratio(s.requestsPerSecond, p.requestsPerSecond)}× Portkey's requests/s, p99 ${s.p99} against ${p.p99} ms ` +
          `(target ≥ ${TARGET_RATE_RATIO}× with a lower p99): ${met ? 'MET' : 'NOT MET'}`,
      );
    }
  }
  console.log('');
  for (const line of lines) console.log(line);
}

function medians(runs: readonly PeerRun[]): Medians {
  const cpus = runs.map((run) => run.cpuUsPerRequest);
  return {
    requestsPerSecond: median(runs.map((run) => run.load.requestsPerSecond)),
    p50: median(runs.map((run) => run.load.p50)),
    p99: median(runs.map((run) => run.load.p99)),
    cpu: cpus.some((cpu) => cpu === undefined) ? undefined : median(cpus as number[]),
    failed: runs.reduce((sum, run) => sum + run.load.errors + run.load.non2xx, 0),
    rounds: runs.map((run) => Math.round(run.load.requestsPerSecond)).join(', '),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : (a / b).toFixed(2);
}
