/** The vector answer cache's `SVC_*` settings: read from the environment, checked, frozen. */
import path from 'node:path';
import type { ServerTimeouts } from '@sluice/host';
import type { Metric } from '@sluice/vector-store';

export type Durability = 'wal' | 'snapshot';

/**
 * Where the vectors and answers live: `hnsw` in this process (the default), `qdrant` in a shared collection.
 * @example
 * const backend: VectorBackend = readSettings(process.env).backend;
 */
export type VectorBackend = 'hnsw' | 'qdrant';

/**
 * A secret setting: printed, logged or serialised it reads `***`; `reveal()` is the one way to its value.
 * @example
 * const key = new SecretSetting('k3y');
 * `${key}`;      // '***'
 * key.reveal();  // 'k3y'
 */
export class SecretSetting {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '***';
  }
  toJSON(): string {
    return '***';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '***';
  }
}

/**
 * How the `qdrant` backend reaches its collection.
 * @example
 * const { url, collection } = readSettings({ SVC_DIMS: '384', SVC_VECTOR_BACKEND: 'qdrant', SVC_QDRANT_URL: 'http://qdrant:6334' }).qdrant!;
 */
export interface QdrantSettings {
  /** Qdrant's gRPC address (`http://host:6334`). */
  readonly url: string;
  readonly collection: string;
  readonly apiKey: SecretSetting | undefined;
  readonly timeoutMs: number;
}

export interface VectorCacheSettings {
  readonly dims: number;
  readonly backend: VectorBackend;
  /** Set when `backend` is `qdrant`. */
  readonly qdrant: QdrantSettings | undefined;
  readonly listen: { readonly host: string; readonly port: number };
  readonly dataDir: string;
  readonly authRequired: boolean;
  readonly allowMetricsWithoutAuth: boolean;
  readonly allowAbsolutePaths: boolean;
  readonly autosaveSeconds: number;
  readonly durability: Durability;
  readonly metric: Metric;
  readonly M: number;
  readonly efConstruction: number;
  readonly efSearch: number;
  readonly maxBodyBytes: number;
  /** Tokens counted as saved for a hit whose entry carries no token counts. */
  readonly tokensPerHit: number;
  readonly shutdownTimeoutSeconds: number;
  /** Header, whole-request, keep-alive and send timeouts of the HTTP server, in milliseconds (0: none). */
  readonly serverTimeouts: ServerTimeouts;
  readonly logLevel: string;
}

/** A setting that cannot be used; the message starts with the variable's name. */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'SettingError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads every `SVC_*` setting; the first bad one throws a `SettingError` naming it.
 * @example
 * const settings = readSettings({ SVC_DIMS: '384' }); // listens on 127.0.0.1:8090, data in ./data
 */
export function readSettings(env: Env, cwd = process.cwd()): VectorCacheSettings {
  const dims = integer(env, 'SVC_DIMS', undefined, 1, 16384);
  const efSearch = integer(env, 'SVC_EF_SEARCH', 128, 1, 10000);
  const backend = oneOf(env, 'SVC_VECTOR_BACKEND', ['hnsw', 'qdrant'] as const, 'hnsw');
  const metric = oneOf(env, 'SVC_METRIC', ['cosine', 'l2', 'ip'] as const, 'cosine');
  if (backend === 'qdrant' && metric !== 'cosine') {
    throw new SettingError(
      'SVC_METRIC',
      `must be cosine with SVC_VECTOR_BACKEND=qdrant (its collection measures Cosine), got ${metric}`,
    );
  }
  return Object.freeze({
    dims,
    backend,
    qdrant: qdrantSettings(env, backend),
    listen: listenAddress(env),
    dataDir: path.resolve(cwd, text(env, 'SVC_DATA_DIR', './data')),
    authRequired: flag(env, 'SVC_AUTH_REQUIRED', false),
    allowMetricsWithoutAuth: flag(env, 'SVC_ALLOW_METRICS_WITHOUT_AUTH', false),
    allowAbsolutePaths: flag(env, 'SVC_ALLOW_ABSOLUTE_PATHS', false),
    autosaveSeconds: integer(env, 'SVC_AUTOSAVE_SECS', 300, 0, 7 * 24 * 3600),
    durability: oneOf(env, 'SVC_DURABILITY', ['wal', 'snapshot'] as const, 'wal'),
    metric,
    M: integer(env, 'SVC_M', 16, 2, 100),
    efConstruction: integer(env, 'SVC_EF_CONSTRUCTION', 200, 1, 10000),
    efSearch,
    maxBodyBytes: integer(env, 'SVC_MAX_BODY_BYTES', 1024 * 1024, 1024, 256 * 1024 * 1024),
    tokensPerHit: integer(env, 'SVC_TOKENS_PER_HIT', 0, 0, 1_000_000),
    shutdownTimeoutSeconds: integer(env, 'SVC_SHUTDOWN_TIMEOUT_SECS', 10, 0, 3600),
    serverTimeouts: Object.freeze({
      headerMs: integer(env, 'SVC_CLIENT_HEADER_TIMEOUT_SECS', 20, 0, 3600) * 1000,
      requestMs: integer(env, 'SVC_CLIENT_REQUEST_TIMEOUT_SECS', 60, 0, 3600) * 1000,
      keepAliveMs: integer(env, 'SVC_KEEPALIVE_TIMEOUT_SECS', 65, 0, 3600) * 1000,
      sendMs: integer(env, 'SVC_SEND_TIMEOUT_SECS', 60, 0, 3600) * 1000,
    }),
    logLevel: oneOf(env, 'SVC_LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  });
}

function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function text(env: Env, name: string, fallback: string): string {
  return raw(env, name) ?? fallback;
}

function integer(env: Env, name: string, fallback: number | undefined, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) {
    if (fallback === undefined) throw new SettingError(name, `is required (an integer from ${min} to ${max})`);
    return fallback;
  }
  const parsed = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new SettingError(name, `must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return parsed;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new SettingError(name, `must be 1 or 0, got ${JSON.stringify(value)}`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = raw(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new SettingError(name, `must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
}

function listenAddress(env: Env): { host: string; port: number } {
  const value = text(env, 'SVC_LISTEN_ADDR', '127.0.0.1:8090');
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[3]) : Number.NaN;
  if (!match || port > 65535) {
    throw new SettingError('SVC_LISTEN_ADDR', `must be host:port (e.g. 127.0.0.1:8090), got ${JSON.stringify(value)}`);
  }
  return { host: match[1] ?? (match[2] || '0.0.0.0'), port };
}

const QDRANT_ONLY = ['SVC_QDRANT_URL', 'SVC_QDRANT_COLLECTION', 'SVC_QDRANT_API_KEY', 'SVC_QDRANT_TIMEOUT_SECS'] as const;

/** The URL itself never goes into a message: it may carry credentials. */
function qdrantSettings(env: Env, backend: VectorBackend): QdrantSettings | undefined {
  if (backend === 'hnsw') {
    // A Qdrant setting without the backend is a deployment that believes it shares a collection and does not.
    const stray = QDRANT_ONLY.find((name) => raw(env, name) !== undefined);
    if (stray !== undefined)
      throw new SettingError(stray, 'is set but SVC_VECTOR_BACKEND is hnsw; set SVC_VECTOR_BACKEND=qdrant to use it');
    return undefined;
  }
  const url = raw(env, 'SVC_QDRANT_URL');
  if (url === undefined)
    throw new SettingError(
      'SVC_QDRANT_URL',
      "is required with SVC_VECTOR_BACKEND=qdrant (Qdrant's gRPC address, e.g. http://qdrant:6334)",
    );
  let address: URL | undefined;
  try {
    address = new URL(url);
  } catch {
    address = undefined;
  }
  if (address === undefined || !['http:', 'https:'].includes(address.protocol) || address.hostname === '') {
    throw new SettingError('SVC_QDRANT_URL', "must be an http:// or https:// URL of Qdrant's gRPC port, e.g. http://qdrant:6334");
  }
  if (address.pathname !== '/' || address.search !== '' || address.hash !== '' || address.username !== '') {
    throw new SettingError(
      'SVC_QDRANT_URL',
      'must name a host and port only (no path, query or credentials; the key goes in SVC_QDRANT_API_KEY)',
    );
  }
  const collection = text(env, 'SVC_QDRANT_COLLECTION', 'vector_cache');
  if (!/^[A-Za-z0-9_.-]{1,255}$/.test(collection)) {
    throw new SettingError(
      'SVC_QDRANT_COLLECTION',
      `must be 1..255 letters, digits, "_", "-" or ".", got ${JSON.stringify(collection)}`,
    );
  }
  const apiKey = raw(env, 'SVC_QDRANT_API_KEY');
  return Object.freeze({
    url: address.origin,
    collection,
    apiKey: apiKey === undefined ? undefined : new SecretSetting(apiKey),
    timeoutMs: integer(env, 'SVC_QDRANT_TIMEOUT_SECS', 10, 1, 3600) * 1000,
  });
}
