/**
 * The questions the semantic lifecycle asks: a few topics far apart for the local embedder, each in three
 * spellings. Two spellings trim to the same text (one entry, two answers over time); the third is another
 * entry of the same topic that a lookup may answer from.
 */
import { LocalEmbedder } from '@sluice/plugin-semantic-cache';

export const TOPICS = [
  'How do I reset my password?',
  'What is the capital city of Australia?',
  'Which vegetables grow well in shady gardens?',
  'Why does my bicycle chain keep slipping?',
  'Explain how a heat pump warms a house.',
  'How long should I boil an egg for a soft yolk?',
] as const;

export const VARIANTS = 3;

/** The content sent: as written, padded with spaces (trims to the same entry), lower case without its mark. */
export function questionText(topic: number, variant: number): string {
  const text = TOPICS[topic]!;
  if (variant === 1) return `   ${text}  `;
  if (variant === 2) return text.toLowerCase().replace(/[?.]$/, '');
  return text;
}

/** What the gateway embeds and keys an entry by: the content, trimmed. */
export function entryKey(topic: number, variant: number): string {
  return questionText(topic, variant).trim();
}

/** The fake upstream's answer to a content: `echo: ` and the content as sent. */
export function answerText(content: string): string {
  return `echo: ${content}`;
}

/**
 * The model rests on two facts of the local embedder: spellings of one topic are one point, and topics
 * are far apart, so a hit can only ever come from the topic asked. Checked before any run.
 */
export async function checkTopicsApart(): Promise<void> {
  const embedder = new LocalEmbedder();
  const vectors = await Promise.all(
    TOPICS.flatMap((_, topic) =>
      Array.from({ length: VARIANTS }, async (_, variant) => ({
        topic,
        vector: (await embedder.embed(questionText(topic, variant))).vector,
      })),
    ),
  );
  for (const [i, a] of vectors.entries()) {
    for (const b of vectors.slice(i + 1)) {
      const similarity = a.vector.reduce((sum, x, d) => sum + x * b.vector[d]!, 0);
      if (a.topic === b.topic && similarity < 0.99) throw new Error(`topic ${a.topic}: spellings only ${similarity} alike`);
      if (a.topic !== b.topic && similarity > 0.5) throw new Error(`topics ${a.topic} and ${b.topic} are ${similarity} alike`);
    }
  }
}
