/** Options of the `qdrant` VectorStore, checked once with a sentence naming the bad field, then frozen. */
import { VectorStoreError } from '../vector-store-error.js';

/**
 * Payload index types the backend creates (Qdrant's keyword, integer, float and bool indexes).
 * @example
 * const indexedFields: Record<string, QdrantFieldType> = { scope: 'keyword', expires_at: 'integer' };
 */
export type QdrantFieldType = 'keyword' | 'integer' | 'float' | 'bool';

/**
 * Every payload index type, for checking a configured one.
 * @example
 * if (!(QDRANT_FIELD_TYPES as readonly string[]).includes(type)) throw new Error(`index type must be one of ${QDRANT_FIELD_TYPES.join(', ')}`);
 */
export const QDRANT_FIELD_TYPES: readonly QdrantFieldType[] = ['keyword', 'integer', 'float', 'bool'];

/**
 * How `QdrantVectorStore.open` reaches Qdrant: the gRPC URL and key, the collection and its vector size, the
 * per-call timeout, the payload fields to index, and the page size of an iteration.
 * @example
 * const options: QdrantVectorStoreOptions = {
 *   url: 'http://qdrant:6334',
 *   apiKey: process.env.QDRANT_API_KEY,
 *   collection: 'semantic_cache',
 *   vectorSize: 384,
 *   timeoutMs: 5000,
 *   indexedFields: { scope: 'keyword', expires_at: 'integer' },
 * };
 */
export interface QdrantVectorStoreOptions {
  /** Qdrant's gRPC address, `http://` or `https://` (conventionally port 6334; the HTTP port 6333 is not used). */
  readonly url: string;
  /** Sent as the `api-key` header; leave out for a Qdrant without keys. */
  readonly apiKey?: string | undefined;
  readonly collection: string;
  /** The collection's vector size; it must equal the embedding model's output length. */
  readonly vectorSize: number;
  /** Per call, default 10000. */
  readonly timeoutMs?: number;
  /** Payload fields to index (created at open, idempotently), e.g. `{ scope: 'keyword', expires_at: 'integer' }`. */
  readonly indexedFields?: Readonly<Record<string, QdrantFieldType>>;
  /** Points per Scroll page when iterating, default 256. */
  readonly pageSize?: number;
}

/**
 * Options with every default filled in, as `resolveQdrantOptions` returns them.
 * @example
 * const { timeoutMs, pageSize }: ResolvedQdrantOptions = resolveQdrantOptions(options); // 10000 and 256 unless given
 */
export type ResolvedQdrantOptions = Readonly<Required<Omit<QdrantVectorStoreOptions, 'apiKey'>>> &
  Pick<QdrantVectorStoreOptions, 'apiKey'>;

/**
 * Qdrant's own limit on a dense vector's size.
 * @example
 * if (dims > QDRANT_MAX_VECTOR_SIZE) throw new Error(`Qdrant holds vectors of at most ${QDRANT_MAX_VECTOR_SIZE} dimensions`);
 */
export const QDRANT_MAX_VECTOR_SIZE = 65_536;

function refuse(message: string): never {
  throw new VectorStoreError('invalid_argument', `qdrant vector store: ${message}`);
}

function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    refuse(`${name} must be an integer in ${min}..${max}, got ${String(value)}`);
  }
  return value;
}

function parsed(url: unknown): URL | undefined {
  try {
    return typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    return undefined;
  }
}

/** The URL itself never goes into the message: it may carry credentials. */
function checkUrl(url: unknown): void {
  const address = parsed(url);
  if (address === undefined || (address.protocol !== 'http:' && address.protocol !== 'https:') || address.hostname === '') {
    refuse("url must be an http:// or https:// URL of Qdrant's gRPC port, e.g. http://qdrant:6334");
  }
  // The client drops a path silently, and Qdrant serves gRPC at the root.
  if (address.pathname !== '/' || address.search !== '' || address.hash !== '') {
    refuse('url must name a host and port only, without a path or query');
  }
}

/**
 * Fills defaults and refuses what Qdrant or the client would reject later with a less clear message.
 * @example
 * resolveQdrantOptions({ url: 'http://127.0.0.1:6334', collection: 'c', vectorSize: 3 }).timeoutMs; // 10000
 */
export function resolveQdrantOptions(options: QdrantVectorStoreOptions): ResolvedQdrantOptions {
  checkUrl(options.url);
  if (typeof options.collection !== 'string' || !/^[^/\\\0]{1,255}$/.test(options.collection)) {
    refuse('collection must be a name of 1..255 characters without "/", "\\" or NUL');
  }
  if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || options.apiKey === '')) {
    refuse('apiKey must be a non-empty string when given');
  }
  const indexedFields = { ...(options.indexedFields ?? {}) };
  for (const [name, type] of Object.entries(indexedFields)) {
    if (name === '' || /[.[\]]/.test(name)) refuse(`indexedFields: "${name}" must be a top-level payload field name`);
    if (!QDRANT_FIELD_TYPES.includes(type)) {
      refuse(`indexedFields.${name} must be one of ${QDRANT_FIELD_TYPES.join(', ')}, got ${String(type)}`);
    }
  }
  const resolved: ResolvedQdrantOptions = {
    url: options.url,
    collection: options.collection,
    vectorSize: integerIn('vectorSize', options.vectorSize, 1, QDRANT_MAX_VECTOR_SIZE),
    timeoutMs: integerIn('timeoutMs', options.timeoutMs ?? 10_000, 1, 2_147_483_647),
    indexedFields: Object.freeze(indexedFields),
    pageSize: integerIn('pageSize', options.pageSize ?? 256, 1, 100_000),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
  };
  return Object.freeze(resolved);
}
