/** Why `sluice vector-cache` could not start, in one line with a hint naming what to change. */
import { CommandError } from './command-error.js';

const COMMAND = 'sluice vector-cache';
const SETTINGS_DOC = 'docs/vector-cache.md lists every SVC_* setting';

const HINTS: Readonly<Record<string, string>> = {
  SVC_DIMS: 'set it to the length of your embeddings, e.g. SVC_DIMS=384',
  SVC_LISTEN_ADDR: 'set SVC_LISTEN_ADDR to a free host:port of this machine, e.g. 127.0.0.1:8091',
  SVC_DATA_DIR: 'set SVC_DATA_DIR to a directory this user can create and write',
  SVC_LICENSE_FILE: 'sluice license verify FILE --pubkey FILE says why; without SVC_LICENSE_REQUIRED=1 it runs as community',
  SVC_LICENSE_PUBKEY_FILE: 'point it at the issuer’s license-signing.pub (sluice license keygen wrote it)',
  SVC_LICENSE_REQUIRED: SETTINGS_DOC,
  SVC_QDRANT_URL: "check that Qdrant answers at that address's gRPC port (6334), or set SVC_VECTOR_BACKEND=hnsw",
  SVC_QDRANT_API_KEY: 'set it to the key of that Qdrant (service.api_key)',
  SVC_QDRANT_COLLECTION: 'name another collection, or set SVC_DIMS to the size of its vectors',
};

/**
 * Settings and license errors start with the variable at fault (`SVC_DIMS: …`); a store that cannot be
 * restored names its data directory.
 */
export function vectorCacheFailure(error: unknown): CommandError {
  const message = (error as Error).message;
  const variable = /^(SVC_[A-Z_]+):/.exec(message)?.[1];
  if (variable !== undefined) return new CommandError(COMMAND, message, HINTS[variable] ?? SETTINGS_DOC);
  if ((error as { code?: unknown }).code === 'failed_precondition') {
    return new CommandError(COMMAND, message, 'docs/vector-cache.md, Persistence and recovery, says what to do');
  }
  return new CommandError(COMMAND, message);
}
