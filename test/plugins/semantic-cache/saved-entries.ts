/** What an in-process semantic store saved, read back as a restart would, for the bound suites. */
import { LOCAL_EMBEDDER_DEFAULT_DIMS, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import { HnswVectorStore } from '@sluice/vector-store';

/** The payloads persisted in one store directory (the plugin must be stopped). */
export async function savedEntries(dir: string, dims = LOCAL_EMBEDDER_DEFAULT_DIMS): Promise<SemanticEntry[]> {
  const store = await HnswVectorStore.open<SemanticEntry>({ dims, metric: 'cosine', dataDir: dir, durability: 'snapshot' });
  try {
    const entries: SemanticEntry[] = [];
    for await (const record of store.iterate()) entries.push(record.payload);
    return entries;
  } finally {
    await store.close();
  }
}

/**
 * What the documentation says an entry counts toward `semantic_cache_max_bytes`, computed here on its own:
 * its text fields as UTF-8, 8 bytes for each of its two times, 4 bytes a dimension of its vector.
 */
export function documentedBytes(entry: SemanticEntry, dims = LOCAL_EMBEDDER_DEFAULT_DIMS): number {
  const text = [entry.question, entry.answer, entry.scope, entry.model].reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  return text + 16 + 4 * dims;
}

/** Moves `Date.now` (what expiry and recency are measured by) forward; returns the undo. */
export function advanceClock(ms: number): () => void {
  const real = Date.now;
  Date.now = () => real() + ms;
  return () => {
    Date.now = real;
  };
}

/** Distinct questions of unrelated wording, none a near-repeat of another. */
export const QUESTIONS = [
  'How do I reset my password?',
  'What is the capital of France?',
  'How many legs does a spider have?',
  'Which planet is closest to the sun?',
  'Can you recommend a good pasta recipe?',
  'Why is the sky blue during the day?',
  'Who painted the Mona Lisa?',
  'When does the library open on weekends?',
  'What causes thunderstorms in summer?',
  'How should I water a cactus plant?',
] as const;

/** A near-repeat the local embedder matches: the same words, without case or the question mark. */
export function paraphrase(question: string): string {
  return question.toLowerCase().replace(/\?$/, '');
}

/** `count` questions of about `length` characters of made-up words, each unlike the others (no candidate to verify). */
export function distinctPrompts(count: number, length: number, seed = 1): string[] {
  let x = seed;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
  return Array.from({ length: count }, (_, i) => {
    const words = [`Question ${seed}-${i}:`];
    let size = words[0]!.length;
    while (size < length) {
      const word = Array.from({ length: 4 + (next() % 5) }, () => String.fromCharCode(97 + (next() % 26))).join('');
      words.push(word);
      size += word.length + 1;
    }
    return words.join(' ');
  });
}
