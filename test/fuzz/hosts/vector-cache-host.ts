/**
 * Runs the vector answer cache in its own process for the fuzz suite (node --expose-gc --import tsx),
 * configured by the SVC_* variables it is given; answers `digest` with the count and a SHA-256 of every
 * stored entry, so the suite can tell whether a request changed what the service stores.
 */
import { createHash } from 'node:crypto';
import { VectorCacheService } from '@sluice/vector-cache';
import { pino } from 'pino';
import { contents } from '../../apps/vector-cache/store-contents.js';
import { serveSuite } from './host-ipc.js';

export interface StoreDigest {
  readonly count: number;
  readonly sha256: string;
}

// Errors only: an INTERNAL error's log line is what a failing run needs, and nothing else is printed.
const service = await VectorCacheService.start(process.env, { logger: pino({ level: 'error' }) });
serveSuite(
  service.url,
  {
    digest: async (): Promise<StoreDigest> => {
      const entries = await contents(service);
      return { count: entries.length, sha256: createHash('sha256').update(JSON.stringify(entries)).digest('hex') };
    },
  },
  () => service.stop(),
);
