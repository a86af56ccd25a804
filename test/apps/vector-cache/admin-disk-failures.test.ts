/**
 * Saves and loads that a real disk fails (full, or remounted read-only) answer 503 UNAVAILABLE naming what
 * failed and why, and are logged as handled failures: one line without a stack.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { pino } from 'pino';
import { smallDiskOrSkip, type SmallDisk } from '../../fixtures/small-disk.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { assertServiceError, axis, DIMS, startService, storedEntries, type ServiceUnderTest } from './service-under-test.js';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger whose lines the test reads back. */
function capturedLog(): { logger: pino.Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

/** One error line for the failure, naming it, and no stack anywhere in the log. */
function assertLoggedWithoutStack(lines: readonly LogLine[], operation: RegExp): void {
  const text = lines.map((line) => JSON.stringify(line)).join('\n');
  assert.ok(!text.includes('    at '), `a stack trace in the log:\n${text}`);
  assert.ok(!text.includes('"stack"'), `a stack trace in the log:\n${text}`);
  const failures = lines.filter((line) => line.level >= 50 && operation.test(String(line['reason'])));
  assert.equal(failures.length, 1, `one error line naming the failure expected:\n${text}`);
}

const FAULTS = {
  'a full disk': {
    break: (disk: SmallDisk) => disk.fill(),
    mend: (disk: SmallDisk) => disk.drain(),
    why: /the disk is full/,
  },
  'a read-only disk': {
    break: async (disk: SmallDisk) => disk.readOnly(),
    mend: async (disk: SmallDisk) => disk.writable(),
    why: /the file system is read-only/,
  },
};

const ENTRIES = Array.from({ length: 20 }, (_, i) => ({
  ext_id: i + 1,
  vector: axis(i, (i + 1) / 10),
  answer: `${i}`.repeat(500),
}));

describe('vector-cache: admin routes on a failing disk answer 503 UNAVAILABLE', function () {
  this.timeout(60_000);

  for (const [name, fault] of Object.entries(FAULTS)) {
    describe(`the data directory on ${name}`, () => {
      let disk: SmallDisk;
      let svc: ServiceUnderTest | undefined;
      let log: ReturnType<typeof capturedLog>;

      beforeEach(async function () {
        disk = await smallDiskOrSkip(this, 4 << 20);
        log = capturedLog();
        svc = await startService({}, path.join(disk.dir, 'data'), log.logger);
        for (const entry of ENTRIES) assert.equal((await svc.post('/v1/insert', entry)).status, 200);
        for (const [route, given] of [
          ['/v1/snapshot/save', 'vcal.index'],
          ['/v1/snapshot/save', 'backups/vcal.index'],
          ['/v1/answers/save', 'exports/answers.json'],
        ] as const) {
          assert.equal((await svc.post(route, { path: given })).status, 200);
        }
        log.lines.length = 0;
      });
      afterEach(async () => {
        await fault.mend(disk);
        await svc?.service.stop();
        svc = undefined;
        await disk?.remove();
      });

      const ROUTES = [
        ['/v1/snapshot/save', 'vcal.index', /^snapshot save to path "vcal\.index" failed: /],
        ['/v1/snapshot/save', 'backups/other/vcal.index', /^snapshot save to path "backups\/other\/vcal\.index" failed: /],
        ['/v1/answers/save', 'exports/answers-2.json', /^answers save to path "exports\/answers-2\.json" failed: /],
        ['/v1/answers/save', 'exports/answers.json', /^answers save to path "exports\/answers\.json" failed: /],
        ['/v1/snapshot/load', 'backups/vcal.index', /^snapshot load from path "backups\/vcal\.index" failed: /],
        ['/v1/answers/load', 'exports/answers.json', /^answers load from path "exports\/answers\.json" failed: /],
      ] as const;
      for (const [route, given, operation] of ROUTES) {
        it(`${route} ${given}: 503 naming what failed, one log line without a stack, nothing changed`, async () => {
          const before = await storedEntries(svc!.service);
          await fault.break(disk);
          const error = assertServiceError(await svc!.post(route, { path: given }), 503, 'UNAVAILABLE');
          assert.match(error.message, operation);
          assert.match(error.message, fault.why);
          assertLoggedWithoutStack(log.lines, operation);
          assert.deepEqual(await storedEntries(svc!.service), before);

          await fault.mend(disk);
          const again = await svc!.post(route, { path: given });
          assert.equal(again.status, 200, `once the disk is mended: ${again.text}`);
        });
      }
    });
  }

  describe('an export on a small disk (SVC_ALLOW_ABSOLUTE_PATHS=1), the data directory elsewhere', () => {
    let disk: SmallDisk;
    let svc: ServiceUnderTest | undefined;
    let log: ReturnType<typeof capturedLog>;

    beforeEach(async function () {
      disk = await smallDiskOrSkip(this, 4 << 20);
      log = capturedLog();
      svc = await startService({ SVC_ALLOW_ABSOLUTE_PATHS: '1' }, undefined, log.logger);
      for (const entry of ENTRIES) assert.equal((await svc.post('/v1/insert', entry)).status, 200);
    });
    afterEach(async () => {
      await disk.drain();
      disk.writable();
      await svc?.close();
      svc = undefined;
      await disk?.remove();
    });

    for (const [name, fault] of Object.entries(FAULTS)) {
      for (const [route, file] of [
        ['/v1/snapshot/save', 'set/vcal.index'],
        ['/v1/answers/save', 'answers.json'],
      ] as const) {
        it(`${route} to ${name}: 503 naming the disk, and the data directory's own saves go on`, async () => {
          await fault.break(disk);
          const given = path.join(disk.dir, file);
          const error = assertServiceError(await svc!.post(route, { path: given }), 503, 'UNAVAILABLE');
          assert.ok(
            error.message.startsWith(`${route.split('/')[2]} save to path ${JSON.stringify(given)} failed: `),
            error.message,
          );
          assert.match(error.message, fault.why);
          assertLoggedWithoutStack(log.lines, /save to path/);
          assert.equal((await svc!.post('/v1/snapshot/save', {})).status, 200);
        });
      }
    }
  });

  describe('as a process', () => {
    let disk: SmallDisk;
    let proc: ServiceProcess | undefined;

    beforeEach(async function () {
      disk = await smallDiskOrSkip(this, 4 << 20);
    });
    afterEach(async () => {
      await proc?.child.kill();
      proc = undefined;
      await disk?.remove();
    });

    it('/v1/answers/save on a full disk: 503, and the log says so in one line without a stack', async () => {
      proc = await startServiceProcess(disk.dir);
      assert.equal((await proc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'x'.repeat(DIMS * 100) })).status, 200);
      await disk.fill();
      const error = assertServiceError(await proc.post('/v1/answers/save', {}), 503, 'UNAVAILABLE');
      assert.match(error.message, /^answers save to path "exports\/answers\.json" failed: the disk is full/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const output = proc.child.lines.join('\n');
      assert.ok(!output.includes('    at '), `a stack trace in the output:\n${output}`);
      assert.match(output, /"level":50,.*"reason":"answers save to path \\"exports\/answers\.json\\" failed: the disk is full/);
    });
  });
});
