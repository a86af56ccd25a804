/** The `hnsw` backend: the index in this process, persisted in the data directory as a paired set and a log. */
import { mkdir, realpath } from 'node:fs/promises';
import type { Logger } from 'pino';
import { HnswVectorStore, PRIVATE_DIR_MODE, type RestoreProgress } from '@sluice/vector-store';
import { answerRecordProblem, type AnswerRecord } from '../answer-record.js';
import { SettingError, type VectorCacheSettings } from '../settings.js';
import { VECTOR_CACHE_VERSION } from '../version.js';
import { reasonOf } from '../start-failure.js';
import type { StoreBackend } from './answer-store.js';

export interface HnswBackendOptions {
  readonly logger: Logger;
  readonly onRestore?: ((progress: RestoreProgress) => void) | undefined;
}

/**
 * Creates the data directory, restores the paired set and the log from it, and opens the index. The data
 * directory comes back as its real path, so a snapshot path that reaches it through a symlink is still "home".
 * @example
 * const { backend, dataDir } = await openHnswBackend(settings, { logger });
 */
export async function openHnswBackend(
  read: VectorCacheSettings,
  options: HnswBackendOptions,
): Promise<{ backend: StoreBackend; dataDir: string }> {
  await mkdir(read.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch((error: unknown) => {
    throw new SettingError('SVC_DATA_DIR', `cannot create ${read.dataDir}: ${reasonOf(error)}`);
  });
  const dataDir = await realpath(read.dataDir);
  const store = await HnswVectorStore.open<AnswerRecord>({
    dims: read.dims,
    metric: read.metric,
    M: read.M,
    efConstruction: read.efConstruction,
    efSearch: read.efSearch,
    dataDir,
    durability: read.durability,
    serverVersion: VECTOR_CACHE_VERSION,
    logger: options.logger,
    checkPayload: answerRecordProblem,
    ...(options.onRestore === undefined ? {} : { onRestore: options.onRestore }),
  });
  const backend: StoreBackend = {
    store,
    files: store,
    notReady: async () => store.unwritableReason(),
    activeIds: async () => store.activeCount,
    answersCached: async () => store.payloadCount,
    close: () => store.close(),
  };
  return { backend, dataDir };
}
