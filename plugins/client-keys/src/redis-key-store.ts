/**
 * Client keys in Redis, for a fleet of gateways: `<prefix><hash>` holds a key's JSON record, so a gateway
 * finds a key with one GET; `<prefix>ids` maps each id to its hash, for listing and revoking by id.
 * Create and revoke are Lua scripts, so an id or a hash is never half-written. On a Redis Cluster both
 * touch the index and a record, so the prefix becomes a hash tag (`{sluice:keys}:`): one slot holds them all.
 */
import { connectRedis, type RedisConnection, type RedisLogger, type WatchedRedis } from '@sluice/redis';
import { decodeStoredKey, encodeStoredKey, type StoredClientKey } from './stored-key.js';

/** KEYS: the id index, the record. ARGV: id, hash, record. Refuses a taken id or hash. */
const CREATE_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'id' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'hash' end
redis.call('SET', KEYS[2], ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 'ok'
`;

/** KEYS: the id index. ARGV: id, prefix. Returns the revoked hash, or false. */
const REVOKE_SCRIPT = `
local hash = redis.call('HGET', KEYS[1], ARGV[1])
if not hash then return false end
redis.call('DEL', ARGV[2] .. hash)
redis.call('HDEL', KEYS[1], ARGV[1])
return hash
`;

/**
 * Where the store is and how long it may take.
 * @example
 * const options: RedisKeyStoreOptions = { url: 'redis://127.0.0.1:6379', prefix: 'sluice:keys:' };
 */
export interface RedisKeyStoreOptions {
  /** `redis://…`, `rediss://…`, or a cluster: `redis+cluster://host:port,…`. */
  readonly url: string;
  /** Default `sluice:keys:` (`{sluice:keys}:` on a cluster); gateways and `sluice keys` sharing it share keys. */
  readonly prefix?: string;
  /** Longest one command may take. Default 500. */
  readonly timeoutMs?: number;
  /** Longest the first connection may take. Default 5000. */
  readonly connectTimeoutMs?: number;
  readonly logger?: RedisLogger;
}

/** The commands the store sends, as node-redis's client (the one @keyv/redis ships) offers them. */
interface Client {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  get(key: string): Promise<string | null>;
  hGetAll(key: string): Promise<Record<string, string>>;
}

/**
 * The Redis key store the gateway looks keys up in and `sluice keys` writes to.
 * @example
 * const store = await RedisKeyStore.connect({ url: 'redis://127.0.0.1:6379' });
 * await store.create({ id: 'billing-app', hash: keyHash(key), tenant: 'acme', settings: { cacheShare: false, cacheControls: true }, createdAt: new Date().toISOString() });
 * const found = await store.findByHash(keyHash(key));
 * await store.close();
 */
export class RedisKeyStore {
  readonly prefix: string;
  readonly #client: Client;
  readonly #redis: WatchedRedis;
  readonly #connection: RedisConnection;

  private constructor(connection: RedisConnection, prefix: string) {
    this.#client = connection.commands;
    this.#redis = connection.redis;
    this.#connection = connection;
    this.prefix = connection.slotPrefix(prefix);
  }

  /** Connects and checks Redis answers; throws when it does not within the connect timeout. */
  static async connect(options: RedisKeyStoreOptions): Promise<RedisKeyStore> {
    const timeoutMs = options.timeoutMs ?? 500;
    const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    const connection = await connectRedis({
      url: options.url,
      store: 'client keys',
      dependency: 'client_keys_kv',
      timeoutMs,
      connectTimeoutMs,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
    return new RedisKeyStore(connection, options.prefix ?? 'sluice:keys:');
  }

  /** Adds a key; throws when its id or its hash is already in the store. */
  async create(record: StoredClientKey): Promise<void> {
    const keys = [this.#idsKey(), this.#recordKey(record.hash)];
    const reply = await this.#redis.command(
      () => this.#client.eval(CREATE_SCRIPT, { keys, arguments: [record.id, record.hash, encodeStoredKey(record)] }),
      'create',
    );
    if (reply === 'id') throw new Error(`a key with id "${record.id}" exists; revoke it first or choose another id`);
    if (reply === 'hash') throw new Error('a key with this hash exists');
  }

  /** The key with this hash; undefined when none (or its record is not one: logged by the caller). Throws when Redis fails. */
  async findByHash(hash: string): Promise<StoredClientKey | undefined> {
    const text = await this.#redis.command(() => this.#client.get(this.#recordKey(hash)), 'get');
    if (text === null) return undefined;
    const record = decodeStoredKey(text);
    if (typeof record === 'string') throw new StoredKeyError(hash, record);
    return record.hash === hash ? record : undefined;
  }

  /** Every key in the store, by id. */
  async list(): Promise<StoredClientKey[]> {
    const ids = await this.#redis.command(() => this.#client.hGetAll(this.#idsKey()), 'hgetall');
    const hashes = Object.values(ids);
    if (hashes.length === 0) return [];
    const texts = await this.#redis.command(() => this.#connection.getMany(hashes.map((hash) => this.#recordKey(hash))), 'mget');
    const records: StoredClientKey[] = [];
    for (const text of texts) {
      const record = text === null ? undefined : decodeStoredKey(text);
      if (record !== undefined && typeof record !== 'string') records.push(record);
    }
    return records.sort((a, b) => a.id.localeCompare(b.id));
  }

  /** Removes the key with this id; false when there is none. */
  async revoke(id: string): Promise<boolean> {
    const reply = await this.#redis.command(
      () => this.#client.eval(REVOKE_SCRIPT, { keys: [this.#idsKey()], arguments: [id, this.prefix] }),
      'revoke',
    );
    return typeof reply === 'string';
  }

  /** Up, or down with the reason. */
  state(): { up: boolean; reason?: string } {
    return this.#redis.state();
  }

  async close(): Promise<void> {
    await this.#redis.close();
  }

  #idsKey(): string {
    return `${this.prefix}ids`;
  }

  #recordKey(hash: string): string {
    return `${this.prefix}${hash}`;
  }
}

/**
 * A record under a key's hash that is not a key record (written by hand, or by a newer version).
 * @example
 * try {
 *   await store.findByHash(hash);
 * } catch (error) {
 *   if (error instanceof StoredKeyError) logger.warn({ hash: error.hashPrefix }, error.message);
 * }
 */
export class StoredKeyError extends Error {
  override readonly name = 'StoredKeyError';
  readonly hashPrefix: string;
  constructor(hash: string, problem: string) {
    super(`the client-key record is not readable: ${problem}`);
    this.hashPrefix = hash.slice(0, 19);
  }
}
