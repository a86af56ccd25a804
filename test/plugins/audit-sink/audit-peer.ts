/** The real audit module on 127.0.0.1, which a test can take down and bring back on the same port. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuditServer, type AuditServer } from '@sluice/audit';
import { API_KEY } from './sink-under-test.js';

export interface StoredEvent {
  readonly sequence: number;
  readonly event_id: string;
  readonly trace_id: string;
  readonly event_type: string;
  readonly attributes?: Record<string, unknown>;
}

export interface AuditPeer {
  /** Fixed for the peer's life, so a restart comes back where the sink keeps sending. */
  readonly url: string;
  /** Where the module keeps its events, for `verifyAuditChain`. */
  readonly dataDir: string;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Every stored event in sequence order, read page by page with the reader key. */
  events(): Promise<StoredEvent[]>;
  close(): Promise<void>;
}

export async function startAuditPeer(): Promise<AuditPeer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sluice-audit-sink-'));
  let server: AuditServer | undefined = await startAuditServer({ listen: '127.0.0.1:0', dataDir, apiKey: API_KEY });
  const url = server.url;
  const listen = new URL(url).host;
  const peer: AuditPeer = {
    dataDir,
    url,
    async down() {
      await server?.close();
      server = undefined;
    },
    async up() {
      server ??= await startAuditServer({ listen, dataDir, apiKey: API_KEY });
    },
    async events() {
      const all: StoredEvent[] = [];
      for (let after = 0; ;) {
        const response = await fetch(`${url}/v1/events?limit=1000&after_sequence=${after}`, {
          headers: { 'x-api-key': API_KEY },
        });
        if (response.status !== 200) throw new Error(`audit read answered ${response.status}`);
        const page = (await response.json()) as { events: StoredEvent[]; next_after_sequence: number };
        all.push(...page.events);
        if (page.events.length === 0) return all;
        after = page.next_after_sequence;
      }
    },
    async close() {
      await peer.down();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return peer;
}

/** Polls a condition until it holds; a generous bound only turns a hang into an error naming what never happened. */
export async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let poll = 0; poll < 1200; poll += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}
