/**
 * Child process of the crash test: appends records to a write-ahead log, eight at a time, and prints
 * `ack <id>` for each once its append resolved, until `limit` or until it is killed.
 */
import { WriteAheadLog } from '@sluice/vector-store';

const [dir, limitArg] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: wal-append-child <dir> [limit]');
const limit = Number(limitArg ?? 5000);
const wal = await WriteAheadLog.open(dir);
process.stdout.write('ready\n');
for (let id = 0; id < limit; id += 8) {
  const batch = Array.from({ length: Math.min(8, limit - id) }, (_, i) => id + i);
  await Promise.all(
    batch.map((n) =>
      wal
        .append({ op: 'upsert', id: n, payload: { answer: `answer ${n}` } }, [n, n / 2, -n])
        .then(() => process.stdout.write(`ack ${n}\n`)),
    ),
  );
}
await wal.close();
process.stdout.write('done\n');
