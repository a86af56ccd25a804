/** The app's users and the API keys they call it with. */
import { createHash } from 'node:crypto';

export interface AppUser {
  readonly id: string;
  readonly name: string;
}

export interface UserKey {
  readonly key: string;
  readonly user: AppUser;
}

/**
 * Finds a user by API key. Keys are held as SHA-256 digests: a lookup compares digests, never the
 * secret itself, and the process keeps no key in memory after construction.
 * @example
 * const users = new UserDirectory([{ key: 'key-of-ada', user: { id: 'user-ada', name: 'Ada' } }]);
 * users.find('key-of-ada'); // { id: 'user-ada', name: 'Ada' }
 */
export class UserDirectory {
  readonly #byDigest = new Map<string, AppUser>();

  constructor(keys: Iterable<UserKey>) {
    for (const { key, user } of keys) {
      if (key.trim() === '') throw new TypeError(`user ${user.id}: an API key must not be empty`);
      this.#byDigest.set(digest(key), Object.freeze({ ...user }));
    }
  }

  find(key: string): AppUser | undefined {
    return this.#byDigest.get(digest(key));
  }
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
