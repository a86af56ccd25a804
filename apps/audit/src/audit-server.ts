/**
 * The audit module over HTTP, on the modules' one server (`@sluice/module-server`): producers post
 * batches with a write key as `Authorization: Bearer`, readers use a read key as `X-API-Key`, and every
 * failure is the service envelope `{"error": {"code", "message"}}` with its status, never a stack trace
 * or a key.
 */
import {
  replyJson,
  serveModule,
  ServiceHttpError,
  type ModuleEndpoint,
  type ModuleRequest,
  type ServedModule,
} from '@sluice/module-server';
import type { ServerTimeouts } from '@sluice/host';
import { AuditRequestError } from './audit-errors.js';
import { isPostgresUrl, type EventStore } from './event-store.js';
import { openEventStore } from './open-event-store.js';
import { acceptBatch } from './accept-batch.js';
import { parseEvidenceBatch, type EvidenceBatch, type RejectedEvent } from './event-schema.js';
import { keyRing, type AuditKeys, type KeyRing } from './audit-keys.js';
import type { ChainSegment } from './chain-modes.js';
import { bearerToken } from './http-io.js';
import { eventsPage, exportAll, tracePage } from './read-routes.js';
import { storeUnreachable } from './store-unreachable.js';

/** 1000 events of about 1 KiB each fit with room to spare. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface AuditServerOptions {
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** Where `audit.sqlite` lives; created when missing. Give this or `store`. */
  readonly dataDir?: string;
  /**
   * A PostgreSQL URL (`postgres://user@host:port/db`) to keep the events in instead of SQLite: several
   * module processes may share one database. Its schema is created or migrated at start.
   */
  readonly store?: string;
  /**
   * The producers' and the readers' keys, kept apart so a reader can never append events. `rotateKeys`
   * replaces them while the server runs.
   */
  readonly keys?: AuditKeys;
  /** One key for both roles, as before separate keys existed; used for a role `keys` leaves empty. */
  readonly apiKey?: string;
  /** The chain secret (HMAC-SHA256 chain); see `AuditStoreOptions.chainKey`. */
  readonly chainKey?: string | undefined;
  readonly maxBodyBytes?: number;
  /**
   * How long a client may take to send its request and to take its answer, in milliseconds (0: no limit);
   * each left out takes `DEFAULT_SERVER_TIMEOUTS` of `@sluice/host` (20 s headers, 60 s request,
   * 65 s keep-alive, 60 s send).
   */
  readonly timeouts?: Partial<ServerTimeouts>;
  /**
   * Told of each batch with refused events, after it was answered: a producer that does not read per-event
   * results (an older gateway) would otherwise lose them without anyone seeing it.
   */
  readonly onRejected?: (rejected: readonly RejectedEvent[], producer: EvidenceBatch['producer']) => void;
  /** Told of failures answered 500 (the reply itself says only "internal"). */
  readonly onError?: (error: unknown) => void;
}

export interface AuditServer {
  readonly url: string;
  /** The mode new rows are chained in, and since which sequence. */
  readonly chain: ChainSegment;
  /** Where the events are kept: the data directory, or the store URL with its password masked. */
  readonly location: string;
  /** From the next request on, only these keys are accepted; throws (keeping the old ones) when a role has none. */
  rotateKeys(keys: AuditKeys): void;
  /** Stops listening, lets requests in flight finish (an export stops early), then closes the database. */
  close(): Promise<void>;
}

/**
 * @example
 * const audit = await startAuditServer({
 *   listen: '127.0.0.1:8095',
 *   dataDir: './audit-data',
 *   keys: { write: [process.env.AUDIT_WRITE_KEY ?? ''], read: [process.env.AUDIT_READ_KEY ?? ''] },
 * });
 * // POST `${audit.url}/v1/events/batch` with `Authorization: Bearer <write key>`
 * await audit.close();
 */
export async function startAuditServer(options: AuditServerOptions): Promise<AuditServer> {
  const withLegacy = (keys: AuditKeys): AuditKeys => {
    const legacy = options.apiKey === undefined ? [] : [options.apiKey];
    return { write: keys.write.length > 0 ? keys.write : legacy, read: keys.read.length > 0 ? keys.read : legacy };
  };
  let ring = keyRing(withLegacy(options.keys ?? { write: [], read: [] }));
  const store = await openEventStore(storeLocation(options), { chainKey: options.chainKey });
  let served: ServedModule;
  try {
    served = await serveModule({
      name: 'audit module',
      listen: options.listen,
      endpoints: auditEndpoints(
        store,
        () => ring,
        () => served.closing,
        options,
      ),
      metricNames: { refused: 'audit_http_requests_refused_total', timedOut: 'audit_http_connections_timed_out_total' },
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      timeouts: options.timeouts,
      onError: options.onError,
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: served.url,
    chain: store.chain,
    location: store.location,
    rotateKeys: (keys) => {
      ring = keyRing(withLegacy(keys));
    },
    close: () => (closing ??= served.close().then(() => store.close())),
  };
}

function storeLocation(options: AuditServerOptions): string {
  if ((options.dataDir === undefined) === (options.store === undefined)) {
    throw new Error('give the audit server a dataDir or a store URL, one of the two');
  }
  if (options.store !== undefined && !isPostgresUrl(options.store)) {
    throw new Error('the audit store URL must start with postgres:// or postgresql://');
  }
  return options.store ?? options.dataDir!;
}

/** The write route and the read routes, each asking for its role's key before anything else. */
function auditEndpoints(
  store: EventStore,
  keys: () => KeyRing,
  closing: () => boolean,
  options: AuditServerOptions,
): ModuleEndpoint[] {
  const read = (path: string | RegExp, action: (request: ModuleRequest) => Promise<void> | void): ModuleEndpoint => ({
    method: 'GET',
    path,
    handle: (request) => {
      if (!keys().canRead(request.req.headers['x-api-key'])) throw unauthenticated('X-API-Key');
      return fromStore(async () => action(request));
    },
  });
  return [
    {
      method: 'POST',
      path: '/v1/events/batch',
      handle: async ({ req, res, readJson }) => {
        if (!keys().canWrite(bearerToken(req.headers.authorization))) throw unauthenticated('Authorization: Bearer');
        const batch = parseEvidenceBatch(await readJson());
        const result = await fromStore(() => acceptBatch(store, batch));
        replyJson(res, 200, result);
        if (result.rejected.length > 0) options.onRejected?.(result.rejected, batch.producer);
      },
    },
    read('/v1/events', ({ url, res }) => eventsPage(store, url.searchParams, res)),
    read('/v1/export', ({ res }) => exportAll(store, res, closing)),
    read(/\/v1\/traces\/([^/]+)/, ({ params, res }) => tracePage(store, params[0]!, res)),
  ];
}

/** A store that does not answer is 503 `unavailable` (a producer retries the batch); any other failure stays a 500. */
async function fromStore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (storeUnreachable(error)) throw new ServiceHttpError(503, 'unavailable', 'The audit store does not answer; retry later.');
    throw error;
  }
}

function unauthenticated(header: string): AuditRequestError {
  return new AuditRequestError(401, 'unauthenticated', `A valid ${header} header is required.`);
}
