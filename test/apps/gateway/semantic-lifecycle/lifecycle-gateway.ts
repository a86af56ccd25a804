/**
 * The system under test: `sluice gateway` as a real process, semantic cache on (local embedder, in-process
 * hnsw store in a temp data directory), exact cache off, in front of the fake upstream. Started, stopped,
 * killed, reloaded and pruned with real signals and the real command line; every wait is bounded.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child } from '../../../fixtures/child-process.js';
import type { FakeUpstream } from '../../../fixtures/fake-upstream.js';
import { within } from '../../vector-cache/within.js';
import { SLUICE_BIN } from '../../cli/gateway-process.js';
import type { LifecycleSettings, Window } from './semantic-model.js';

const START_MS = 20_000;
const STOP_MS = 15_000;
const ASK_MS = 10_000;
const PRUNE_MS = 30_000;

export interface Answer {
  readonly status: number;
  /** `x-sluice-cache`. */
  readonly cache: string | null;
  readonly similarity: number | undefined;
  readonly content: string | undefined;
  /** From sending the request to reading the whole answer. */
  readonly window: Window;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export class LifecycleGateway {
  #child: Child | undefined;
  /** The last process, kept after it ended for its output. */
  #last: Child | undefined;
  #url = '';
  #reloads = 0;

  private constructor(
    readonly dir: string,
    readonly configFile: string,
    readonly upstream: FakeUpstream,
    readonly settings: LifecycleSettings,
  ) {}

  static async create(upstream: FakeUpstream, settings: LifecycleSettings): Promise<LifecycleGateway> {
    const dir = await mkdtemp(join(tmpdir(), 'sluice-semantic-lifecycle-'));
    const gateway = new LifecycleGateway(dir, join(dir, 'gateway.conf'), upstream, settings);
    await gateway.writeConfig(false);
    return gateway;
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  /** The last lines the running or last process printed, evidence lines left out, for a failure report. */
  tail(lines = 12): string {
    const printed = (this.#child ?? this.#last)?.lines ?? [];
    return printed
      .filter((line) => !line.includes('"target":"svc_evidence"'))
      .slice(-lines)
      .join('\n');
  }

  /** A reload is only a reload when something changed: a second model's price comes and goes. */
  async writeConfig(otherModel: boolean): Promise<void> {
    const { ttlSeconds, autosaveSeconds } = this.settings;
    await writeFile(
      this.configFile,
      `listen_addr 127.0.0.1:0;
upstream_base_url ${this.upstream.baseUrl};
upstream_api_key dummy;
upstream_timeout_seconds 10;
model_price test-model 1 2;
${otherModel ? 'model_price other-model 1 2;\n' : ''}graceful_shutdown_timeout_seconds 5;
log_level info;
exact_cache_enabled off;
semantic_cache_enabled on;
embedding_provider local;
semantic_cache_data_dir ${join(this.dir, 'semantic')};
semantic_cache_ttl_seconds ${ttlSeconds};
semantic_cache_autosave_seconds ${autosaveSeconds};
`,
    );
  }

  /** Starts the process and resolves once it listens and `/readyz` answers; rejects naming what it saw. */
  async start(): Promise<{ readyz: number; body: string }> {
    const child = startChild(process.execPath, [SLUICE_BIN, 'gateway', '--config', this.configFile]);
    this.#child = child;
    this.#last = child;
    this.#reloads = 0;
    const line = await child.waitForLine(/listening on (http:\/\/\S+)/, START_MS);
    this.#url = /listening on (http:\/\/\S+)/.exec(line)![1]!;
    return this.readyz();
  }

  async readyz(): Promise<{ readyz: number; body: string }> {
    const response = await fetch(`${this.#url}/readyz`, { signal: AbortSignal.timeout(ASK_MS) });
    return { readyz: response.status, body: (await response.text()).trim() };
  }

  /** Sends `signal` and waits for the exit. */
  async stop(signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL'): Promise<Exit> {
    const child = this.#child!;
    child.signal(signal);
    try {
      return await within(child.exited, STOP_MS, `the exit after ${signal}`);
    } finally {
      await child.kill();
      this.#child = undefined;
    }
  }

  /** SIGHUP after changing the file; resolves with the line that tells how the reload went. */
  async reload(otherModel: boolean): Promise<string> {
    const child = this.#child!;
    await this.writeConfig(otherModel);
    const seen = this.#reloads;
    child.signal('SIGHUP');
    const done = /configuration reloaded|reload failed/;
    const deadline = Date.now() + STOP_MS;
    for (;;) {
      const outcomes = child.lines.filter((line) => done.test(line));
      if (outcomes.length > seen) {
        this.#reloads = seen + 1;
        return outcomes[seen]!;
      }
      if (Date.now() > deadline) throw new Error(`no reload outcome within ${STOP_MS} ms`);
      if (child.process.exitCode !== null || child.process.signalCode !== null) throw new Error('the process exited on SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async ask(content: string): Promise<Answer> {
    const start = Date.now();
    let response: Response;
    let body: { choices?: { message?: { content?: string } }[] };
    try {
      response = await fetch(`${this.#url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content }] }),
        signal: AbortSignal.timeout(ASK_MS),
      });
      body = (await response.json()) as typeof body;
    } catch (error) {
      const cause = (error as Error).cause instanceof Error ? ` (${((error as Error).cause as Error).message})` : '';
      throw new Error(`no answer to ${JSON.stringify(content)}: ${(error as Error).message}${cause}; ${await this.#state()}`, {
        cause: error,
      });
    }
    const similarity = response.headers.get('x-sluice-similarity');
    return {
      status: response.status,
      cache: response.headers.get('x-sluice-cache'),
      similarity: similarity === null ? undefined : Number(similarity),
      content: body.choices?.[0]?.message?.content,
      window: { start, end: Date.now() },
    };
  }

  /** `--prune-expired-semantic-cache` while stopped: the exit, what it printed, and the count it reports. */
  async prune(): Promise<{ exit: Exit; output: string; removed: number | undefined; window: Window }> {
    const start = Date.now();
    const child = startChild(process.execPath, [
      SLUICE_BIN,
      'gateway',
      '--config',
      this.configFile,
      '--prune-expired-semantic-cache',
    ]);
    try {
      const exit = await within(child.exited, PRUNE_MS, 'the prune');
      const output = child.lines.join('\n');
      const removed = /removed (\d+) expired semantic entries in all/.exec(output)?.[1];
      return { exit, output, removed: removed === undefined ? undefined : Number(removed), window: { start, end: Date.now() } };
    } finally {
      await child.kill();
    }
  }

  /** Whether the process ended (waiting a moment for it), for a report of a request that got no answer. */
  async #state(): Promise<string> {
    const child = this.#child;
    if (child === undefined) return 'no process';
    const exit = await within(child.exited, 2000, 'the exit').catch(() => undefined);
    return exit === undefined ? 'the process is still running' : `the process ended with code ${exit.code} signal ${exit.signal}`;
  }

  async dispose(): Promise<void> {
    await this.#child?.kill();
    this.#child = undefined;
    await rm(this.dir, { recursive: true, force: true });
  }
}
