/**
 * A start with other SVC_DIMS over the data directory: with a saved set or logged writes it must be refused
 * (exit 1, naming the set or the log and both dims) and leave the files as they were; then a start with the
 * right dims has everything acknowledged. Over a directory that holds nothing yet, either is right.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LifecycleCommand, type LifecycleContext } from '../lifecycle-command.js';
import type { LiveService } from '../live-service.js';
import type { LifecycleModel } from '../model.js';
import { LIFECYCLE_DIMS } from '../points.js';
import { stopService, type Stop } from './restarts.js';

export class OtherDims extends LifecycleCommand {
  readonly kind = 'start with other dims';

  constructor(
    context: LifecycleContext,
    readonly stop: Stop,
    readonly dims: number,
  ) {
    super(context);
  }

  protected async act(model: LifecycleModel, live: LiveService): Promise<void> {
    await stopService(this, live, this.stop);
    const before = await persistedFiles(live.dataDir);
    const mustRefuse = model.entries.size > 0 || before.has('vcal.index');
    const attempt = await live.tryStart({ SVC_DIMS: String(this.dims) });
    if (mustRefuse || !attempt.started) {
      assert.ok(!attempt.started, `the service started over a set of ${LIFECYCLE_DIMS} dims`);
      assert.equal(attempt.code, 1, `exit code; output:\n${attempt.output}`);
      assert.match(attempt.output, /vcal\.index|write-ahead log/, `the refusal names neither the set nor the log`);
      for (const dims of [LIFECYCLE_DIMS, this.dims]) {
        assert.match(attempt.output, new RegExp(`\\b${dims}\\b`), `the refusal does not name dims ${dims}`);
      }
      if (![...before.keys()].some((name) => name.startsWith('.'))) {
        assert.deepEqual(await persistedFiles(live.dataDir), before, `the refused start changed the data directory`);
      }
    }
    await live.start();
    model.failed = false;
  }

  toString(): string {
    return `otherDims(${this.stop} then SVC_DIMS=${this.dims})`;
  }
}

/** The files of the data directory itself (the set, the log, temp files) by name, with their size and SHA-256. */
async function persistedFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(path.join(dir, entry.name));
    files.set(entry.name, `${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`);
  }
  return files;
}
