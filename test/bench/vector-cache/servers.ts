/** The two servers the benchmark compares: the vector answer cache service and the bare hnswlib limit. */
import { startNodeProcess, type NodeProcess } from './node-process.js';

export interface VectorCacheProcess extends NodeProcess {
  readonly url: string;
}

export interface BareServerProcess extends NodeProcess {
  readonly url: string;
  /** RSS before and after the process read the index file, bytes. */
  readonly emptyRss: number;
  readonly loadedRss: number;
}

const SERVICE_SERVER = new URL('./service-server.ts', import.meta.url).pathname;
const BARE_SERVER = new URL('./bare-server.ts', import.meta.url).pathname;

/** The parent's environment without any SVC_* of its own, so only the benchmark's settings apply. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SVC_')));
}

/**
 * The service on a free port. Autosave is off so no periodic save lands inside a measurement;
 * a start on a saved data directory restores it before the ready line, so `startMs` is the restore time.
 */
export async function startVectorCache(options: {
  dataDir: string;
  dims: number;
  durability: 'wal' | 'snapshot';
}): Promise<VectorCacheProcess> {
  const env = {
    ...cleanEnv(),
    SVC_DIMS: String(options.dims),
    SVC_LISTEN_ADDR: '127.0.0.1:0',
    SVC_DATA_DIR: options.dataDir,
    SVC_DURABILITY: options.durability,
    SVC_AUTOSAVE_SECS: '0',
    SVC_LOG_LEVEL: 'warn',
  };
  const proc = await startNodeProcess(
    ['--expose-gc', '--import', 'tsx', SERVICE_SERVER],
    env,
    /listening on (http:\/\/\S+)/,
    300_000,
  );
  return { ...proc, url: proc.ready[1]! };
}

/** node:http and hnswlib-node alone, answering from the hnswlib file `indexFile`. */
export async function startBareServer(indexFile: string, dims: number): Promise<BareServerProcess> {
  const proc = await startNodeProcess(
    ['--expose-gc', '--import', 'tsx', BARE_SERVER, indexFile, String(dims)],
    cleanEnv(),
    /listening (\d+) rss-empty (\d+) rss-loaded (\d+)/,
    300_000,
  );
  return {
    ...proc,
    url: `http://127.0.0.1:${proc.ready[1]!}`,
    emptyRss: Number(proc.ready[2]),
    loadedRss: Number(proc.ready[3]),
  };
}

/** Polls GET `url` until it answers 200; returns the ms it took. */
export async function untilOk(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = await fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
    if (status === 200) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
