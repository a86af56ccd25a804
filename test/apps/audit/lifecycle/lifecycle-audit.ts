/**
 * The system under test: `sluice audit` as a real process over one temp data directory, started, stopped
 * (SIGTERM, SIGINT) and killed with real signals, posted to and read through its API, and checked with
 * `sluice audit verify`. Every wait is bounded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child } from '../../../fixtures/child-process.js';
import { SLUICE_BIN } from '../../cli/gateway-process.js';
import { within } from '../../vector-cache/within.js';
import { API_KEY, batchBody, type StoredEventReply } from '../audit-under-test.js';
import type { EvidenceEvent } from '@sluice/core';

const START_MS = 20_000;
const STOP_MS = 15_000;
const REQUEST_MS = 15_000;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A batch's answer, or the transport failure that left it unanswered. */
export type PostOutcome =
  | { readonly answered: true; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly answered: false; readonly reason: string };

export class LifecycleAudit {
  #child: Child | undefined;
  #last: Child | undefined;
  #url = '';

  private constructor(readonly dataDir: string) {}

  static async create(): Promise<LifecycleAudit> {
    return new LifecycleAudit(await mkdtemp(join(tmpdir(), 'sluice-audit-lifecycle-')));
  }

  get url(): string {
    return this.#url;
  }

  /** The last lines the running or last process printed, for a failure report. */
  tail(lines = 10): string {
    return ((this.#child ?? this.#last)?.lines ?? []).slice(-lines).join('\n');
  }

  async start(): Promise<void> {
    const child = startChild(process.execPath, [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', '--data', this.dataDir], {
      env: { SVC_AUDIT_API_KEY: API_KEY },
    });
    this.#child = child;
    this.#last = child;
    const line = await child.waitForLine(/listening on (http:\/\/\S+)/, START_MS);
    this.#url = /listening on (http:\/\/\S+)/.exec(line)![1]!;
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

  /** One batch from one producer; a connection that ends without an answer is reported, not thrown. */
  async post(events: readonly EvidenceEvent[], instance: string): Promise<PostOutcome> {
    const body = { ...batchBody(events), producer: { product: 'sluice', version: '0.1.0', instance_id: instance } };
    try {
      const response = await fetch(`${this.#url}/v1/events/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', 'x-sluice-schema-version': '1.1' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_MS),
      });
      return { answered: true, status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch (error) {
      const cause = (error as Error).cause instanceof Error ? ` (${((error as Error).cause as Error).message})` : '';
      return { answered: false, reason: `${(error as Error).message}${cause}` };
    }
  }

  async getJson<T>(path: string): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.#url}${path}`, {
      headers: { 'x-api-key': API_KEY },
      signal: AbortSignal.timeout(REQUEST_MS),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Pages of `limit` events from `after` to the end, as `/v1/events` gives them. */
  async pages(limit: number, after = 0): Promise<{ events: StoredEventReply[]; next_after_sequence: number }[]> {
    const pages = [];
    for (;;) {
      const page = await this.getJson<{ events: StoredEventReply[]; next_after_sequence: number }>(
        `/v1/events?limit=${limit}&after_sequence=${after}`,
      );
      if (page.status !== 200) throw new Error(`/v1/events answered ${page.status} ${JSON.stringify(page.body)}`);
      pages.push(page.body);
      if (page.body.events.length === 0) return pages;
      after = page.body.next_after_sequence;
    }
  }

  /** Every stored event, in sequence order. */
  async all(): Promise<StoredEventReply[]> {
    return (await this.pages(1000)).flatMap((page) => page.events);
  }

  /** `GET /v1/export`, one event a line. */
  async export(): Promise<StoredEventReply[]> {
    const response = await fetch(`${this.#url}/v1/export`, {
      headers: { 'x-api-key': API_KEY },
      signal: AbortSignal.timeout(REQUEST_MS),
    });
    if (response.status !== 200) throw new Error(`/v1/export answered ${response.status}`);
    const text = await response.text();
    return text === ''
      ? []
      : text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as StoredEventReply);
  }

  /** `sluice audit verify --data DIR` (the file read directly, running or not). */
  async verify(): Promise<{ exit: Exit; output: string }> {
    const child = startChild(process.execPath, [SLUICE_BIN, 'audit', 'verify', '--data', this.dataDir]);
    try {
      const exit = await within(child.exited, STOP_MS, 'sluice audit verify');
      return { exit, output: child.lines.join('\n') };
    } finally {
      await child.kill();
    }
  }

  async dispose(): Promise<void> {
    await this.#child?.kill();
    this.#child = undefined;
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
