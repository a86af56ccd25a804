/**
 * Holds every thread of libuv's pool in a blocking open of a FIFO, so file work queued meanwhile (fs calls,
 * hnswlib's writer) waits until `release()`. It lets a suite keep a save's copy phase open as long as it needs,
 * without timing. Linux and macOS (mkfifo).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

/** Makes the FIFO in `dir`; `hold()` may then be called once at a time. */
export function threadPoolHold(dir: string): { hold(): void; release(): Promise<void> } {
  const fifo = path.join(dir, 'pool-hold.fifo');
  execFileSync('mkfifo', [fifo]);
  let readers: Promise<FileHandle>[] = [];
  return {
    /** Synchronous, so it can run inside the callback that saw the moment to hold. */
    hold: () => {
      readers = Array.from({ length: POOL_SIZE }, () => open(fifo, 'r'));
    },
    release: async () => {
      let writer: number | undefined;
      while (writer === undefined) {
        try {
          writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
        } catch (error) {
          // No reader has reached its open yet.
          if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
          await sleep(5);
        }
      }
      const handles = await Promise.all(readers);
      closeSync(writer);
      await Promise.all(handles.map((handle) => handle.close()));
    },
  };
}
