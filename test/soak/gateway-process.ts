/**
 * The soak's gateway: the built `sluice gateway` command in a process of its own, with the harness's sampler
 * loaded first and an IPC channel to receive its samples. Start and stop are bounded; a stop that takes too
 * long ends in SIGKILL, and the process is killed when the harness exits however it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { within } from '../apps/vector-cache/within.js';
import type { GatewaySample } from './gateway-sampler.js';

const SLUICE_BIN = new URL('../../apps/cli/bin/sluice.js', import.meta.url).pathname;
const SAMPLER = new URL('./gateway-sampler.ts', import.meta.url).pathname;

export interface GatewayProcess {
  readonly url: string;
  readonly pid: number;
  /** Lines the gateway printed (warnings and errors at log_level warn), the last 200. */
  readonly lines: string[];
  /** SIGTERM (drain, flush the audit queue, final saves), SIGKILL after `ms`; resolves with the exit. */
  stop(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): void;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the gateway on `configFile`; each sample its sampler sends goes to `onSample`. */
export async function startGatewayProcess(
  configFile: string,
  sampleMs: number,
  onSample: (sample: GatewaySample) => void,
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', SAMPLER, SLUICE_BIN, 'gateway', '--config', configFile], {
    env: { ...process.env, SOAK_SAMPLE_MS: String(sampleMs) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  child.on('message', (message: GatewaySample) => {
    if (message.kind === 'soak-sample') onSample(message);
  });
  const lines: string[] = [];
  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const onLine = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match !== null) listening(match[1]!);
  };
  createInterface({ input: child.stdout! }).on('line', onLine);
  createInterface({ input: child.stderr! }).on('line', onLine);

  const started = await within(
    Promise.race([url, exited.then((exit) => Promise.reject(new Error(`the gateway exited: ${JSON.stringify(exit)}`)))]),
    30_000,
    'the gateway start',
  ).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${lines.slice(-20).join('\n')}`);
  });
  return {
    url: started,
    pid: child.pid!,
    lines,
    stop: async (ms) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      return within(exited, ms, 'the gateway stop').catch(() => {
        child.kill('SIGKILL');
        return exited;
      });
    },
    kill: () => void child.kill('SIGKILL'),
  };
}
