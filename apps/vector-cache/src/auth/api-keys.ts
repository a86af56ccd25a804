/** The configured app and admin keys, held only as SHA-256 digests and compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { KeyKind } from './authorize.js';
import { readKeys } from './key-sources.js';
import { presentedKey, type RequestHeaders } from './presented-key.js';

/** How many distinct keys of each kind are configured. */
export interface KeyCount {
  readonly app: number;
  readonly admin: number;
}

interface KeyDigest {
  readonly kind: KeyKind;
  readonly digest: Buffer;
}

/**
 * The service's API keys. The keys themselves are never kept, logged or echoed: only their digests are.
 *
 * @example
 * const keys = ApiKeys.fromEnv(process.env);
 * logger.info({ keys: keys.count }, 'api keys loaded');
 * authorize('app', keys.authenticate(request.headers)); // 'ok' | 'unauthenticated' | 'permission_denied'
 */
export class ApiKeys {
  readonly count: KeyCount;
  readonly #digests: readonly KeyDigest[];

  private constructor(app: ReadonlySet<string>, admin: ReadonlySet<string>) {
    this.count = Object.freeze({ app: app.size, admin: admin.size });
    this.#digests = Object.freeze([
      ...[...app].map((key) => ({ kind: 'app' as const, digest: sha256(key) })),
      ...[...admin].map((key) => ({ kind: 'admin' as const, digest: sha256(key) })),
    ]);
  }

  /**
   * Reads `SVC_APP_KEYS` / `SVC_ADMIN_KEYS` (comma-separated) and `SVC_APP_KEYS_FILE` / `SVC_ADMIN_KEYS_FILE`
   * (one key a line); both forms of a kind add up. Throws an Error whose message starts with the variable at
   * fault, fit to print as the one line the service exits with.
   */
  static fromEnv(env: Readonly<Record<string, string | undefined>>): ApiKeys {
    const app = readKeys(env, { list: 'SVC_APP_KEYS', file: 'SVC_APP_KEYS_FILE' });
    const admin = readKeys(env, { list: 'SVC_ADMIN_KEYS', file: 'SVC_ADMIN_KEYS_FILE' });
    return new ApiKeys(app, admin);
  }

  /** The kind of the key the request presents, or undefined for no key or an unknown one. */
  authenticate(headers: RequestHeaders): KeyKind | undefined {
    const key = presentedKey(headers);
    return key === undefined ? undefined : this.kindOf(key);
  }

  /**
   * Compares against every configured key, without an early exit, so the time taken tells nothing about which
   * key (or how much of one) matched. Digests have equal length, which `timingSafeEqual` requires.
   */
  private kindOf(key: string): KeyKind | undefined {
    const presented = sha256(key);
    let found: KeyKind | undefined;
    for (const { kind, digest } of this.#digests) {
      // A key configured as both kinds counts as admin, the wider grant.
      if (timingSafeEqual(presented, digest) && found !== 'admin') found = kind;
    }
    return found;
  }
}

function sha256(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}
