/**
 * A snapshot or answers file at a path a client gave, and what a save or load there answers when it fails:
 * the client's mistake (naming `path`) when the path cannot be used.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ANSWERS_FILE_NAME, DEFAULT_INDEX_NAME } from '@sluice/plugin-vector-store';
import { translate } from './answer-cache.js';
import { refuseOverHomeSet, refuseSnapshotName } from './set-names.js';
import { ServiceError } from './service-error.js';
import { pathRefusal, resolveSnapshotPath, type PathPolicy } from './snapshot-path.js';

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
    /** The data directory (its real path). */
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
      throw this.#failureOf(error);
    }
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

  #failureOf(error: unknown): unknown {
    const code = errnoIn(error);
    // A snapshot load reads three files: an errno the store wrapped may be about answers.json or
    // tombstones.json beside the index, which the store's own message names better than this path.
    const aboutThisPath = !(error instanceof ServiceError) || this.kind === 'answers';
    const pathFault = code !== undefined && aboutThisPath ? PATH_FAULTS[code] : undefined;
    if (pathFault !== undefined) return this.#refused(`cannot be ${this.use === 'save' ? 'written' : 'read'}: ${pathFault}`);
    return error;
  }
}

/** The errno code of `error` or of the first error in its `cause` chain that has one. */
function errnoIn(error: unknown): string | undefined {
  let current = error;
  // The store wraps system errors in its own, once or twice; a bound keeps a cyclic chain from hanging.
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
