/** One semantic-cache entry as the vector store keeps it: flat fields, so backends can filter on them. */

export interface SemanticEntry {
  /** The exact scope (hex digest) a lookup must match. */
  readonly scope: string;
  /** Unix ms; lookups skip entries at or past it, only pruning deletes them. */
  readonly expires_at: number;
  readonly created_at: number;
  /** The embedded question, kept for the verification step (anonymised when a privacy guard ran). */
  readonly question: string;
  /** The chat completion body as JSON text. */
  readonly answer: string;
  readonly model: string;
}

/** Payload fields a backend indexes for filtering. */
export const INDEXED_FIELDS = { scope: 'keyword', expires_at: 'integer' } as const;
