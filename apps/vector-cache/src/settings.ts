/** The vector answer cache's `SVC_*` settings: read from the environment, checked, frozen. */
import path from 'node:path';
import type { ServerTimeouts } from '@sluice/host';
import type { Metric } from '@sluice/vector-store';

export type Durability = 'wal' | 'snapshot';

export interface VectorCacheSettings {
  readonly dims: number;
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
  return Object.freeze({
    dims,
    listen: listenAddress(env),
    dataDir: path.resolve(cwd, text(env, 'SVC_DATA_DIR', './data')),
    authRequired: flag(env, 'SVC_AUTH_REQUIRED', false),
    allowMetricsWithoutAuth: flag(env, 'SVC_ALLOW_METRICS_WITHOUT_AUTH', false),
    allowAbsolutePaths: flag(env, 'SVC_ALLOW_ABSOLUTE_PATHS', false),
    autosaveSeconds: integer(env, 'SVC_AUTOSAVE_SECS', 300, 0, 7 * 24 * 3600),
    durability: oneOf(env, 'SVC_DURABILITY', ['wal', 'snapshot'] as const, 'wal'),
    metric: oneOf(env, 'SVC_METRIC', ['cosine', 'l2', 'ip'] as const, 'cosine'),
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
