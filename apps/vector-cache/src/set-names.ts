/**
 * The file names of a paired set: which a snapshot index may take, and which files of the data
 * directory only its own default save may write.
 */
import path from 'node:path';
import { ANSWERS_FILE_NAME, DEFAULT_INDEX_NAME, TEMP_MARKER, TOMBSTONES_FILE_NAME } from '@sluice/vector-store';
import { pathRefusal } from './snapshot-path.js';

/** The prefix of the write-ahead log's segment files in the data directory. */
const WAL_PREFIX = 'wal-';

/**
 * The store writes answers.json and tombstones.json beside an index and marks its temporary files with a
 * leading "." and `.tmp-`: an index named like any of them would be mistaken for another file.
 * @example
 * refuseSnapshotName('backups/answers.json', '/data/backups/answers.json'); // throws 400 naming path
 */
export function refuseSnapshotName(given: string, file: string): void {
  const name = path.basename(file);
  if (name === ANSWERS_FILE_NAME || name === TOMBSTONES_FILE_NAME) {
    throw pathRefusal(given, `cannot name a snapshot index: ${name} is the name of a file its set keeps beside the index`);
  }
  if (name.startsWith('.'))
    throw pathRefusal(given, 'cannot name a snapshot index: names starting with "." are for temporary files');
  if (name.includes(TEMP_MARKER)) {
    throw pathRefusal(given, `cannot name a snapshot index: names containing "${TEMP_MARKER}" are for temporary files`);
  }
}

/**
 * The data directory's own paired set is written only by a default snapshot save: an export next to it
 * would replace its answers.json or tombstones.json with another snapshot's and tear the set, and one
 * named like a log segment could be taken for one at the next start.
 * @example
 * refuseOverHomeSet('/data', 'answers.json', '/data/answers.json', 'answers'); // throws 400 naming path
 */
export function refuseOverHomeSet(dataDir: string, given: string, file: string, kind: 'snapshot' | 'answers'): void {
  if (path.dirname(file) !== dataDir) return;
  const name = path.basename(file);
  const subdirectory = kind === 'snapshot' ? `backups/${DEFAULT_INDEX_NAME}` : `exports/${ANSWERS_FILE_NAME}`;
  if (kind === 'snapshot') {
    if (name === DEFAULT_INDEX_NAME) return;
    throw pathRefusal(
      given,
      `is in the data directory itself, where this snapshot's ${ANSWERS_FILE_NAME} and ${TOMBSTONES_FILE_NAME} would ` +
        `replace the data directory's own; save into a subdirectory (e.g. "${subdirectory}")`,
    );
  }
  if ([DEFAULT_INDEX_NAME, ANSWERS_FILE_NAME, TOMBSTONES_FILE_NAME].includes(name)) {
    throw pathRefusal(
      given,
      `is the data directory's own ${name}, a file of its snapshot set; save into a subdirectory (e.g. "${subdirectory}")`,
    );
  }
  if (name.startsWith(WAL_PREFIX)) {
    throw pathRefusal(
      given,
      `is named like the data directory's write-ahead log files ("${WAL_PREFIX}…"); save into a subdirectory (e.g. "${subdirectory}")`,
    );
  }
}
