/**
 * CPU per request with tracing off and on, in process (`node --import tsx test/plugins/otel-traces/measure-cpu.ts`,
 * `N=20000` requests per row): the kernel with the exact cache and a stub upstream, exact hits and
 * pass-through; with tracing on the spans are exported to a collector stand-in in a child process (it only
 * counts them), and the flush at stop is counted in the CPU. docs/performance.md quotes its figures.
 */
import { spawn } from 'node:child_process';
import { Exchange, Kernel } from '@sluice/core';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { OtelTracesPlugin } from '@sluice/plugin-otel-traces';
import { pino } from 'pino';
import { freePort } from '../../fixtures/free-port.js';
import { tapStubUpstream } from '../../fixtures/stub-upstream.js';

const N = Number(process.env.N ?? 20000);
const WARMUP = 2000;
/** Counts the spans of each OTLP/JSON body by their `spanId` fields, answers 200, prints the count on SIGTERM. */
const SINK = (port: number) =>
  `let n=0;require('http').createServer((q,s)=>{let t='';q.on('data',d=>t+=d);q.on('end',()=>{n+=t.split('"spanId"').length-1;s.end('{}')})})` +
  `.listen(${port},'127.0.0.1');process.on('SIGTERM',()=>{console.log(n);process.exit(0)})`;

async function startSink(): Promise<{ url: string; close(): Promise<number> }> {
  const port = await freePort();
  const sink = spawn(process.execPath, ['-e', SINK(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  sink.stdout.on('data', (data: Buffer) => (printed += data.toString()));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    close: async () => {
      const exited = new Promise((resolve) => sink.once('exit', resolve));
      sink.kill('SIGTERM');
      await exited;
      return Number(printed);
    },
  };
}

async function measure(label: string, tracing: 'off' | 'on' | 'sampled out', hit: boolean): Promise<void> {
  const sink = await startSink();
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  kernel.use(new ExactCachePlugin({}));
  tapStubUpstream(kernel);
  if (tracing !== 'off')
    kernel.use(new OtelTracesPlugin({ endpoint: sink.url, maxQueuedSpans: 100_000, sampleRatio: tracing === 'on' ? 1 : 0 }));
  await kernel.start();
  const ask = (i: number) => {
    const content = hit ? 'What is a sluice?' : `question ${i}`;
    return kernel.run(new Exchange({ request: { model: 'm', messages: [{ role: 'user', content }] }, headers: {} }));
  };
  for (let i = 0; i < WARMUP; i++) await ask(-i - 1);
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    await ask(i);
    // A server yields to I/O between requests; so does this loop, so the exporter's timer and sockets run.
    if (i % 50 === 0) await new Promise(setImmediate);
  }
  await kernel.stop();
  const cpu = process.cpuUsage(before);
  const spans = await sink.close();
  console.log(
    `${label}, tracing ${tracing}: ${((cpu.user + cpu.system) / N).toFixed(1)} µs CPU per request, ${spans} spans exported`,
  );
}

for (let round = 0; round < 2; round++) {
  for (const tracing of ['off', 'on', 'sampled out'] as const) {
    await measure('exact hit', tracing, true);
    await measure('pass-through', tracing, false);
  }
}
