/**
 * The audit module over HTTP: producers post batches with a write key as `Authorization: Bearer`, readers
 * use a read key as `X-API-Key`, and every failure is `{"error": {"code", "message"}}` with its status,
 * never a stack trace or a key.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics } from '@sluice/core';
import {
  applyServerTimeouts,
  DEFAULT_SERVER_TIMEOUTS,
  httpHygieneMetrics,
  replyMetrics,
  type ServerTimeouts,
} from '@sluice/host';
import { AuditRequestError } from './audit-errors.js';
import { AuditStore } from './audit-store.js';
import { acceptBatch } from './accept-batch.js';
import { parseEvidenceBatch, type EvidenceBatch, type RejectedEvent } from './event-schema.js';
import { keyRing, type AuditKeys } from './audit-keys.js';
import type { ChainSegment } from './chain-modes.js';
import { bearerToken, readJsonBody, replyError, replyJson, splitListen } from './http-io.js';
import { eventsPage, exportAll, tracePage } from './read-routes.js';

/** 1000 events of about 1 KiB each fit with room to spare. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface AuditServerOptions {
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** Where `audit.sqlite` lives; created when missing. */
  readonly dataDir: string;
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
   * each left out takes `DEFAULT_SERVER_TIMEOUTS` of `@sluice/core/internal` (20 s headers, 60 s request,
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
  /** From the next request on, only these keys are accepted; throws (keeping the old ones) when a role has none. */
  rotateKeys(keys: AuditKeys): void;
  /** Stops listening, ends open connections and closes the database. */
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
  const [host, port] = splitListen(options.listen);
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const store = AuditStore.open(options.dataDir, { chainKey: options.chainKey });
  let closed = false;
  const metrics = new Metrics();
  const hygiene = httpHygieneMetrics(metrics, {
    refused: 'audit_http_requests_refused_total',
    timedOut: 'audit_http_connections_timed_out_total',
  });

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://audit.invalid');
    const path = url.pathname;
    if (path === '/healthz') return expect(req, 'GET', () => replyJson(res, 200, { status: 'ok' }));
    // Counts only (refusals and timeouts at the door): no key asked, as the gateway's /metrics.
    if (path === '/metrics') return expect(req, 'GET', () => replyMetrics(res, metrics));
    if (path === '/v1/events/batch') {
      return expect(req, 'POST', async () => {
        if (!ring.canWrite(bearerToken(req.headers.authorization))) throw unauthenticated('Authorization: Bearer');
        const batch = parseEvidenceBatch(await readJsonBody(req, limit));
        const result = acceptBatch(store, batch);
        replyJson(res, 200, result);
        if (result.rejected.length > 0) options.onRejected?.(result.rejected, batch.producer);
      });
    }
    const read = (action: () => Promise<void> | void) =>
      expect(req, 'GET', () => {
        if (!ring.canRead(req.headers['x-api-key'])) throw unauthenticated('X-API-Key');
        return action();
      });
    if (path === '/v1/events') return read(() => eventsPage(store, url.searchParams, res));
    if (path === '/v1/export') return read(() => exportAll(store, res, () => closed));
    const trace = /^\/v1\/traces\/([^/]+)$/.exec(path)?.[1];
    if (trace !== undefined) return read(() => tracePage(store, trace, res));
    throw new AuditRequestError(404, 'not_found', 'No such route.');
  };

  const server = createServer((req, res) => {
    route(req, res).catch((failure: unknown) => {
      if (failure instanceof AuditRequestError) {
        if (failure.code === 'unsupported_media_type') hygiene.refused.inc({ reason: failure.code });
        return replyError(res, failure);
      }
      options.onError?.(failure);
      if (res.headersSent) return void res.destroy();
      replyJson(res, 500, { error: { code: 'internal', message: 'The audit module failed to handle the request.' } });
    });
  });
  try {
    // Slow senders and readers that never take their answer cannot hold connections and buffers.
    applyServerTimeouts(server, { ...DEFAULT_SERVER_TIMEOUTS, ...options.timeouts }, (phase) => hygiene.timedOut.inc({ phase }));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    chain: store.chain,
    rotateKeys: (keys) => {
      ring = keyRing(withLegacy(keys));
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        closed = true;
        server.closeAllConnections();
        server.close(() => {
          store.close();
          resolve();
        });
      })),
  };
}

async function expect(req: IncomingMessage, method: 'GET' | 'POST', action: () => Promise<void> | void): Promise<void> {
  if (req.method !== method) throw new AuditRequestError(405, 'method_not_allowed', `Use ${method}.`);
  await action();
}

function unauthenticated(header: string): AuditRequestError {
  return new AuditRequestError(401, 'unauthenticated', `A valid ${header} header is required.`);
}
