/**
 * Fills the semantic cache's in-process store before a gateway opens it: the state a busy cache
 * reaches after many misses, written the way the plugin writes entries (same key, id, payload and
 * store options), without an upstream call per entry.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ChatRequest } from '@sluice/core';
import { formatCount, Progress } from '@sluice/util';
import { entryId, LocalEmbedder, semanticKey, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import { HnswVectorStore } from '@sluice/vector-store';

export interface StoreBuild {
  /** The directory the gateway opens: `storeLocation(options.store, 'enforce')`. */
  readonly location: string;
  /** The local embedder's output length the gateway will use. */
  readonly dims: number;
  readonly questions: readonly string[];
  /** The request whose last user turn is `question`, shaped as the load will send it. */
  readonly request: (question: string) => ChatRequest;
  /** The chat completion (JSON text) cached for question `index`. */
  readonly answer: (index: number) => string;
  readonly serverVersion: string;
}

export interface BuiltStore {
  /** Entries read back from the saved set by a fresh open. */
  readonly entries: number;
  /** Indexes of the questions stored: a question whose entry id an earlier one took is left out. */
  readonly stored: ReadonlySet<number>;
  /** Keys, embeddings and inserts, until the paired set is saved. */
  readonly buildSeconds: number;
  /** Part of `buildSeconds` spent embedding. */
  readonly embedSeconds: number;
  readonly readBackSeconds: number;
}

/** Far enough ahead that no entry expires during a run. */
const TEN_YEARS_MS = 10 * 365 * 86_400_000;

/** Shows its progress on stderr when that is a terminal (at most once a second, with the time left). */
export async function buildSemanticStore(build: StoreBuild): Promise<BuiltStore> {
  const started = performance.now();
  const total = build.questions.length;
  const progress = new Progress({ label: `building ${formatCount(total)} entries`, total });
  const embedder = new LocalEmbedder({ dims: build.dims });
  // The options openSemanticStore uses for the `hnsw` backend, so the gateway reads the set it would have written.
  const options = { dims: build.dims, metric: 'cosine', dataDir: build.location, durability: 'snapshot' } as const;
  const store = await HnswVectorStore.open<SemanticEntry>({ ...options, serverVersion: build.serverVersion });
  let embedMs = 0;
  const stored = new Set<number>();
  try {
    const now = Date.now();
    const ids = new Set<number>();
    for (const [index, question] of build.questions.entries()) {
      const request = build.request(question);
      const key = semanticKey(request, 'default', false);
      // Entry ids are 30 bits: a few questions in 100,000 share one, and the later would replace the earlier.
      const id = entryId(key);
      if (ids.has(id)) continue;
      ids.add(id);
      stored.add(index);
      const embedStarted = performance.now();
      const vector = embedder.embedSync(key.question);
      embedMs += performance.now() - embedStarted;
      const payload: SemanticEntry = {
        scope: key.scope,
        expires_at: now + TEN_YEARS_MS,
        created_at: now,
        question: key.question,
        answer: build.answer(index),
        model: request.model,
      };
      await store.upsert({ id, vector, payload });
      // Snapshot-mode upserts resolve in microtasks: without a turn of the event loop now and then, a
      // signal handler (the caller's cleanup on Ctrl-C) would wait for the whole build.
      if ((index + 1) % 1000 === 0) await nextTurn();
      progress.count(index + 1);
    }
    progress.step('saving the paired set');
  } finally {
    // close() writes the paired set (index and answers) the gateway restores at start.
    await store.close().finally(() => progress.end());
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const readStarted = performance.now();
  const entries = await countSaved(build.location, build.dims, build.serverVersion);
  return {
    entries,
    stored,
    buildSeconds,
    embedSeconds: embedMs / 1000,
    readBackSeconds: (performance.now() - readStarted) / 1000,
  };
}

/** Opens the saved set as the gateway will and counts it; its close saves the same set again. */
async function countSaved(location: string, dims: number, serverVersion: string): Promise<number> {
  const store = await HnswVectorStore.open<SemanticEntry>({
    dims,
    metric: 'cosine',
    dataDir: location,
    durability: 'snapshot',
    serverVersion,
  });
  try {
    return await store.count();
  } finally {
    await store.close();
  }
}
