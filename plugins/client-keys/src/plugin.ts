/**
 * Who calls: a request presents a client key (`Authorization: Bearer <key>`); the key's hash is looked
 * up among the configured keys and in Redis, and the request is admitted as the key's caller (tenant,
 * id, cache policy, limits) before any guard or cache runs. The key itself never leaves this tap: only
 * its hash is looked up, and no log, metric, evidence or error carries it.
 */
import { admitCaller, keyHash, type Caller } from '@sluice/caller';
import { ConfigError } from '@sluice/config';
import {
  type RouteRequest,
  GatewayError,
  Stage,
  validateOptions,
  type DependencyHealth,
  type Exchange,
  type Kernel,
  type Plugin,
} from '@sluice/core';
import { maskUrl } from '@sluice/util';
import { bearerCredential } from './bearer-credential.js';
import { clientKeysMetrics, type AuthResult, type ClientKeysMetrics } from './client-keys-metrics.js';
import { CLIENT_KEYS_ERRORS, MISSING_KEY_MESSAGE } from './errors.js';
import { KeyDirectory, type KeyFinder } from './key-directory.js';
import { readKeysFile } from './keys-file.js';
import { ClientKeysOptionsSchema, duplicateKey, type ClientKeysOptions, type ClientKeysOptionsInput } from './options.js';
import { RedisKeyStore, StoredKeyError } from './redis-key-store.js';

const PLUGIN_NAME = 'client-keys';
/** Before the model allowlist and every guard and cache: they all read the tenant this sets. */
const STAGE = Stage.ADMISSION - 100;
const MAX_ECHOED_MODEL_CHARS = 100;
const DENIED = { source: 'gateway', category: 'security', event_type: 'client_auth.denied', outcome: 'blocked' } as const;

/**
 * Authenticates clients by key and admits each request as its key's caller.
 * @example
 * kernel.use(new ClientKeysPlugin({ clientAuth: 'required', keys: [{ id: 'billing-app', hash: keyHash(key), settings: { tenant: 'acme' } }] }));
 */
export class ClientKeysPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = CLIENT_KEYS_ERRORS;
  readonly options: Readonly<ClientKeysOptions>;
  #kernel: Kernel | undefined;
  #directory: KeyDirectory | undefined;
  #store: RedisKeyStore | undefined;
  /** Why the Redis store is not in use although configured (unreachable at start, `client_keys_fail_open on`). */
  #storeMissing: string | undefined;

  constructor(options: ClientKeysOptionsInput = {}) {
    const keys = (options.keys ?? []).map((key) => ({ ...key, settings: key.settings ?? {} }));
    this.options = validateOptions(PLUGIN_NAME, ClientKeysOptionsSchema, { ...options, keys });
    const problem =
      duplicateKey(this.options.keys) ??
      (this.options.redis && this.options.redisUrl === undefined ? 'client_keys_redis is on but kv_url is not set' : undefined);
    if (problem !== undefined) throw new Error(`${PLUGIN_NAME}: ${problem}`);
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    if (this.options.clientAuth === 'off') return;
    const metrics = clientKeysMetrics(kernel);
    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: STAGE }, (exchange) => this.#admit(kernel, exchange, metrics));
    kernel.hooks.routeAdmission.tapPromise(PLUGIN_NAME, (request) => this.#admitRoute(request, metrics));
  }

  async start(): Promise<void> {
    const kernel = this.#kernel;
    if (kernel === undefined) throw new Error(`${PLUGIN_NAME}: apply(kernel) must run before start()`);
    if (this.options.clientAuth === 'off' || this.#directory !== undefined) return;
    const fileKeys = this.options.keysFile === undefined ? [] : await readKeysFile(this.options.keysFile);
    const keys = [...this.options.keys, ...fileKeys];
    const duplicate = duplicateKey(keys);
    if (duplicate !== undefined) throw new ConfigError(`client_keys_file ${this.options.keysFile ?? ''}: ${duplicate}`);
    const metrics = clientKeysMetrics(kernel);
    this.#directory = new KeyDirectory({
      keys,
      store: await this.#openStore(kernel),
      cacheMs: this.options.cacheSeconds * 1000,
      onLookup: (outcome, error) => {
        metrics.lookup(outcome);
        if (error instanceof StoredKeyError) {
          kernel.logger.warn(
            { dependency: 'client_keys_kv', hash: error.hashPrefix, reason: error.message },
            'client key refused',
          );
        }
      },
    });
  }

  async stop(): Promise<void> {
    const store = this.#store;
    this.#store = undefined;
    this.#directory = undefined;
    await store?.close();
  }

  health(): readonly DependencyHealth[] {
    if (!this.options.redis || this.options.clientAuth === 'off') return [];
    // Failing closed, a gateway that cannot check keys turns every new key away: it should not take traffic.
    const readinessRequired = !this.options.failOpen;
    if (this.#storeMissing !== undefined)
      return [{ name: 'client_keys_kv', readinessRequired, initialised: false, up: false, reason: this.#storeMissing }];
    const state = this.#store?.state() ?? { up: false, reason: 'not started' };
    return [{ name: 'client_keys_kv', readinessRequired, initialised: this.#store !== undefined, ...state }];
  }

  async #openStore(kernel: Kernel): Promise<KeyFinder | undefined> {
    const url = this.options.redisUrl;
    if (!this.options.redis || url === undefined) return undefined;
    const timeoutMs = Math.round(this.options.timeoutSeconds * 1000);
    try {
      this.#store = await RedisKeyStore.connect({
        url,
        prefix: this.options.redisPrefix,
        timeoutMs,
        connectTimeoutMs: Math.max(2000, timeoutMs * 4),
        logger: kernel.logger,
      });
      return this.#store;
    } catch (error) {
      const reason = maskUrl((error as Error).message);
      if (!this.options.failOpen) throw new Error(`client keys store: ${reason}`, { cause: error });
      kernel.logger.error(
        { dependency: 'client_keys_kv', url: maskUrl(url), reason },
        'client keys in Redis are not checked until restart: the store is unreachable (client_keys_fail_open on)',
      );
      this.#storeMissing = reason;
      return { findByHash: () => Promise.reject(new Error(`client keys store unreachable since start: ${reason}`)) };
    }
  }

  async #admit(kernel: Kernel, exchange: Exchange, metrics: ClientKeysMetrics): Promise<undefined> {
    const checked = await this.#check(exchange.headers.authorization);
    if (checked.kind === 'anonymous') {
      metrics.result('anonymous');
      return undefined;
    }
    if (checked.kind === 'denied') throw this.#deny(kernel, exchange, metrics, checked.result, checked.message);
    if (checked.kind === 'unchecked') {
      metrics.result('store_unavailable');
      kernel.evidence(
        exchange,
        { source: 'gateway', category: 'security', event_type: 'client_auth.unchecked', outcome: 'allowed' },
        { decision: { action: 'allow', reason_code: 'KEY_STORE_UNAVAILABLE' } },
      );
      return undefined;
    }
    admitCaller(exchange, checked.caller);
    if (!modelAllowed(checked.caller, exchange.request.model)) throw this.#denyModel(kernel, exchange, metrics);
    metrics.result('admitted');
    return undefined;
  }

  /** A plugin's extra route (`GET /v1/models`) asks for the same key as chat, with no exchange to scope. */
  async #admitRoute(request: RouteRequest, metrics: ClientKeysMetrics): Promise<void> {
    const checked = await this.#check(request.headers.authorization);
    if (checked.kind !== 'denied') {
      metrics.result(checked.kind === 'caller' ? 'admitted' : checked.kind === 'unchecked' ? 'store_unavailable' : 'anonymous');
      return;
    }
    metrics.result(checked.result);
    throw refusal(checked.result, checked.message);
  }

  /** What the key in an Authorization header admits, by the mode and the keys known. */
  async #check(authorization: string | undefined): Promise<Checked> {
    const credential = bearerCredential(authorization);
    if (credential.kind === 'missing') {
      return this.options.clientAuth === 'optional'
        ? { kind: 'anonymous' }
        : { kind: 'denied', result: 'missing', message: MISSING_KEY_MESSAGE };
    }
    if (credential.kind === 'invalid') return { kind: 'denied', result: 'invalid' };
    const directory = this.#directory;
    if (directory === undefined) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    const found = await directory.find(keyHash(credential.key));
    if (found.kind === 'unknown') return { kind: 'denied', result: 'invalid' };
    if (found.kind === 'unavailable')
      return this.options.failOpen ? { kind: 'unchecked' } : { kind: 'denied', result: 'store_unavailable' };
    return { kind: 'caller', caller: found.caller };
  }

  #deny(kernel: Kernel, exchange: Exchange, metrics: ClientKeysMetrics, result: AuthResult, message?: string): GatewayError {
    metrics.result(result);
    kernel.evidence(exchange, DENIED, { decision: { action: 'reject', reason_code: REASON_CODES[result] } });
    return refusal(result, message);
  }

  #denyModel(kernel: Kernel, exchange: Exchange, metrics: ClientKeysMetrics): GatewayError {
    metrics.result('model_denied');
    const shown = echoable(exchange.request.model);
    kernel.evidence(
      exchange,
      { source: 'gateway', category: 'policy', event_type: 'model.rejected', outcome: 'blocked' },
      { upstream: { model: shown }, decision: { action: 'reject', reason_code: REASON_CODES.model_denied } },
    );
    return new GatewayError(CLIENT_KEYS_ERRORS.model_not_allowed_for_key.code, {
      message: `This API key may not use the model "${shown}".`,
    });
  }
}

/** What a key check found. */
type Checked =
  | { readonly kind: 'caller'; readonly caller: Caller }
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'denied'; readonly result: AuthResult; readonly message?: string };

/** The error a refused key answers with: 503 while keys cannot be checked, else 401 with a Bearer challenge. */
function refusal(result: AuthResult, message: string | undefined): GatewayError {
  if (result === 'store_unavailable') {
    return new GatewayError(CLIENT_KEYS_ERRORS.client_key_store_unavailable.code, { headers: { 'retry-after': '1' } });
  }
  return new GatewayError(CLIENT_KEYS_ERRORS.invalid_api_key.code, {
    headers: { 'www-authenticate': 'Bearer' },
    ...(message === undefined ? {} : { message }),
  });
}

const REASON_CODES: Readonly<Record<AuthResult, string>> = {
  admitted: 'API_KEY_VALID',
  anonymous: 'API_KEY_ABSENT',
  missing: 'API_KEY_MISSING',
  invalid: 'API_KEY_INVALID',
  model_denied: 'MODEL_NOT_ALLOWED_FOR_KEY',
  store_unavailable: 'KEY_STORE_UNAVAILABLE',
};

function modelAllowed(caller: Caller, model: string): boolean {
  return caller.models === undefined || caller.models.includes(model);
}

/** At most MAX_ECHOED_MODEL_CHARS UTF-16 units, never ending in half a surrogate pair. */
function echoable(model: string): string {
  if (model.length <= MAX_ECHOED_MODEL_CHARS) return model;
  const cut = model.slice(0, MAX_ECHOED_MODEL_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
