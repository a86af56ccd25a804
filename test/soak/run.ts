/**
 * `npm run soak`: phase A, steady mixed traffic through a gateway with every feature on, sampled for
 * memory, event-loop delay and latency; phase B, crash iterations of the vector answer cache and the
 * audit module. Prints a table and the verdict, writes the samples as JSON and the chart as SVG. Every
 * process it starts is gone when it ends, also on SIGINT or SIGTERM.
 */
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { format, resolveConfig } from 'prettier';
import { killAllChildren } from '../fixtures/child-process.js';
import { Cleanups } from './cleanups.js';
import { crashPhase } from './crash-phase.js';
import { soakChart } from './soak-chart.js';
import { parseSoakOptions, SOAK_HELP, type SoakOptions } from './soak-options.js';
import { printSoakReport, type SoakReport } from './soak-report.js';
import { trafficPhase } from './traffic-phase.js';

let options: SoakOptions;
try {
  options = parseSoakOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`soak: ${(error as Error).message}\n${SOAK_HELP}`);
  process.exit(1);
}

const cleanups = new Cleanups();
let interrupted = false;
const stop = (signal: NodeJS.Signals) => {
  if (interrupted) return;
  interrupted = true;
  console.error(`soak: ${signal}: stopping every process it started`);
  void cleanups
    .runAll()
    .then(() => killAllChildren())
    .finally(() => process.exit(130));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const startedAt = new Date().toISOString();
const trafficSeconds = options.seconds - options.crashSeconds;
const warmupSeconds = Math.min(Math.max(120, trafficSeconds * 0.2), trafficSeconds / 2);
const log = (line: string) => console.error(`soak ${new Date().toISOString().slice(11, 19)} ${line}`);
log(
  `seed ${options.seed}: ${trafficSeconds} s of traffic at ${options.perSecond}/s, then ${options.crashSeconds} s of crash iterations`,
);

let exitCode = 1;
try {
  let nextMinute = 60;
  const traffic = await trafficPhase({
    seconds: trafficSeconds,
    perSecond: options.perSecond,
    sampleSeconds: options.sampleSeconds,
    warmupSeconds,
    seed: options.seed,
    cleanups,
    stopped: () => interrupted,
    onInterval: (i) => {
      if (i.t < nextMinute) return;
      nextMinute += 60;
      log(
        `${(i.t / 60).toFixed(1)} min: ${i.perSecond.toFixed(1)} requests/s, ${i.requests - i.asRequired} not as required, RSS ${i.rssMb.toFixed(1)} MiB, heap ${i.heapUsedMb.toFixed(1)} MiB, event loop p99 ${i.eventLoopP99Ms.toFixed(1)} ms`,
      );
    },
  });
  await cleanups.runAll();
  log('traffic done; crash iterations');
  const crashes = await crashPhase(options.crashSeconds, options.seed, () => interrupted, log);
  const report: SoakReport = {
    startedAt,
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    traffic,
    crashes,
    passed: traffic.failures.length === 0 && crashes.failures.length === 0,
  };
  printSoakReport(report, (line) => console.log(line));
  // Formatted as the repository's prettier settings would, so a committed run passes `npm run lint`.
  const prettierOptions = (await resolveConfig(options.json)) ?? {};
  await writeFile(options.json, await format(JSON.stringify(report), { ...prettierOptions, parser: 'json' }));
  await writeFile(options.chart, soakChart(traffic));
  log(`wrote ${options.json} and ${options.chart}`);
  exitCode = report.passed ? 0 : 1;
} catch (error) {
  // After SIGINT the phase under way fails on the processes the handler stopped: that is no finding.
  if (!interrupted) console.error(`soak: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanups.runAll();
  await killAllChildren();
}
process.exit(exitCode);
