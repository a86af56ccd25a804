/**
 * A snapshot or answers file at a path a client gave, and what a save or load there answers when it fails:
 * the client's mistake (naming `path`) when the path cannot be used, a storage failure when the disk fails.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ANSWERS_FILE_NAME, DEFAULT_INDEX_NAME } from '@sluice/vector-store';
import { translate } from './answer-cache.js';
import { refuseOverHomeSet, refuseSnapshotName } from './set-names.js';
import { ServiceError } from './service-error.js';
import { pathRefusal, resolveSnapshotPath, type PathPolicy } from './snapshot-path.js';
import { diskStateAt, DISK_FAULTS, errnoIn, StorageFailure } from './storage-failure.js';

export type FileKind = 'snapshot' | 'answers';
export type FileUse = 'save' | 'load';

/** File-system refusals caused by what a client's path names, in words. */
const PATH_FAULTS: Readonly<Record<string, string>> = {
  ENOTDIR: 'a part of it is a file, not a directory',
  // What mkdir -p answers when a part of the path is a file.
  EEXIST: 'a part of it is a file, not a directory',
  EISDIR: 'it is a directory',
  ELOOP: 'it goes round a loop of symbolic links',
  ENAMETOOLONG: 'it is too long for the file system',
  EACCES: 'the service is not permitted to use it',
  EPERM: 'the service is not permitted to use it',
};

/**
 * A refusal about the path is the client's to fix: a save answers 400 (nothing can be written there), a
 * load 412 (nothing can be read there, as from a missing file); both name `path`.
 * @example
 * const target = await ClientFile.at(policy, 'answers', 'save', 'exports/answers.json');
 * const saved = await target.run(() => store.saveAnswers(target.file));
 */
export class ClientFile {
  private constructor(
    readonly kind: FileKind,
    readonly use: FileUse,
    /** The path as the client gave it, shown in every message. */
    readonly given: string,
    /** Where it really goes, symlinks resolved. */
    readonly file: string,
    /** The data directory (its real path): a load writes its own set. */
    readonly dataDir: string,
  ) {}

  /** Resolves `given` and refuses it, naming what is wrong, before anything is read or written. */
  static async at(policy: PathPolicy, kind: FileKind, use: FileUse, given: string): Promise<ClientFile> {
    const file = await resolveSnapshotPath(policy, given);
    const target = new ClientFile(kind, use, given, file, await realpath(policy.dataDir));
    if (kind === 'snapshot') refuseSnapshotName(given, file);
    await target.#checkWhatIsThere();
    if (use === 'save') refuseOverHomeSet(target.dataDir, given, file, kind);
    return target;
  }

  /** Runs the save or load, turning its failure into what the client is told. */
  async run<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await translate(operation);
    } catch (error) {
      throw await this.#failureOf(error);
    }
  }

  /** "answers save to path "exports/answers.json"". */
  get operation(): string {
    return `${this.kind} ${this.use} ${this.use === 'save' ? 'to' : 'from'} path ${JSON.stringify(this.given.slice(0, 256))}`;
  }

  #refused(why: string): ServiceError {
    return pathRefusal(this.given, why, this.use === 'save' ? 'INVALID_ARGUMENT' : 'FAILED_PRECONDITION');
  }

  async #checkWhatIsThere(): Promise<void> {
    const found = await stat(this.file).catch((error: unknown) => errnoIn(error) ?? 'EUNKNOWN');
    if (typeof found !== 'string') {
      if (!found.isDirectory()) return;
      const example = path.posix.join(
        this.given.slice(0, 200),
        this.kind === 'snapshot' ? DEFAULT_INDEX_NAME : ANSWERS_FILE_NAME,
      );
      throw this.#refused(`is a directory; name a file in it (e.g. ${JSON.stringify(example)})`);
    }
    if (found === 'ENOENT') {
      if (this.use === 'load')
        throw this.#refused(`names no ${this.kind === 'snapshot' ? 'snapshot' : 'answers file'}: the file is missing`);
      return;
    }
    const fault = PATH_FAULTS[found];
    if (fault !== undefined) throw this.#refused(`cannot be ${this.use === 'save' ? 'written' : 'read'}: ${fault}`);
    // Anything else is for the save or load itself to meet and report.
  }

  async #failureOf(error: unknown): Promise<unknown> {
    const code = errnoIn(error);
    const fromStore = error instanceof ServiceError;
    // A snapshot load reads three files: an errno the store wrapped may be about answers.json or
    // tombstones.json beside the index, which the store's own message names better than this path.
    const pathFault = code !== undefined && (!fromStore || this.kind === 'answers') ? PATH_FAULTS[code] : undefined;
    if (pathFault !== undefined) return this.#refused(`cannot be ${this.use === 'save' ? 'written' : 'read'}: ${pathFault}`);
    const diskFault = code === undefined ? undefined : DISK_FAULTS[code];
    if (diskFault !== undefined) return new StorageFailure(this.operation, `${diskFault} (${code})`, error);
    const unavailable = error instanceof ServiceError && error.code === 'UNAVAILABLE';
    if (!unavailable && (fromStore || code === undefined)) return error;
    // hnswlib reports a short index file rather than ENOSPC, and mkdir -p on a read-only disk answers
    // ENOENT: the disk itself says why.
    const state = await this.#diskState();
    const detail = unavailable ? (error as Error).message : code;
    if (state !== undefined) return new StorageFailure(this.operation, `${state} (${detail})`, error);
    return unavailable ? new StorageFailure(this.operation, (error as Error).message, error) : error;
  }

  /** A save writes at the path; a load writes the data directory's own set too (the loaded one becomes it). */
  async #diskState(): Promise<string | undefined> {
    const dirs = this.use === 'save' ? [path.dirname(this.file)] : [this.dataDir, path.dirname(this.file)];
    for (const dir of dirs) {
      const state = await diskStateAt(dir);
      if (state !== undefined) return state;
    }
    return undefined;
  }
}
