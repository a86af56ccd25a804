/** Options of the client-keys plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { CallerLimitsSchema } from '@sluice/caller';
import { directive, inherits, optionSet } from '@sluice/config';

/** What a tenant name and a key id may be: safe in logs, metric-free evidence and Redis keys. */
export const NAME_PATTERN = '^[A-Za-z0-9._-]{1,64}$';
/** How a key is written down: its SHA-256, never the key. */
export const HASH_PATTERN = '^sha256:[0-9a-f]{64}$';

/**
 * What one client key admits a request as: the statements of its `client_key … { }` block.
 * @example
 * const settings: KeySettings = validateOptions('client_key', KeySettingsSchema, { tenant: 'acme', requestsPerMinute: 60 });
 */
export const KeySettingsSchema = Type.Object(
  {
    tenant: Type.String({
      pattern: NAME_PATTERN,
      default: 'default',
      ...directive('tenant', {
        word: 'name',
        summary: 'The tenant the key admits requests as: caches, limits and evidence are kept per tenant.',
      }),
    }),
    models: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
        minItems: 1,
        ...directive('models', { word: 'model', summary: 'Models the key may ask for (absent: any model the gateway serves).' }),
      }),
    ),
    cacheShare: Type.Boolean({
      default: false,
      ...directive('cache_share', {
        summary: "Read and write the caches' shared pool instead of the tenant's own.",
      }),
    }),
    cacheControls: Type.Boolean({
      default: true,
      ...directive('cache_controls', {
        summary: 'Honour the per-request cache controls the client sends (`Cache-Control`, `x-sluice-cache-*`).',
      }),
    }),
    ...CallerLimitsSchema.properties,
  },
  { additionalProperties: false },
);

/**
 * A key's settings as resolved (defaults applied).
 * @example
 * const settings: KeySettings = { tenant: 'acme', cacheShare: false, cacheControls: true };
 */
export type KeySettings = Type.Static<typeof KeySettingsSchema>;

/**
 * One `client_key <id> sha256:<hex> { … }` statement.
 * @example
 * const key: ClientKeyEntry = { id: 'billing-app', hash: keyHash(secret), settings: { tenant: 'acme', cacheShare: false, cacheControls: true } };
 */
export const ClientKeyEntrySchema = Type.Object(
  {
    id: Type.String({ pattern: NAME_PATTERN, word: 'id' }),
    hash: Type.String({ pattern: HASH_PATTERN, word: 'sha256:<hex>' }),
    settings: KeySettingsSchema,
  },
  { additionalProperties: false },
);

/**
 * A client key as configured.
 * @example
 * const ids = options.keys.map((key: ClientKeyEntry) => key.id);
 */
export type ClientKeyEntry = Type.Static<typeof ClientKeyEntrySchema>;

/**
 * The first id or hash two keys share, as a sentence; undefined when every key is unique.
 * @example
 * const problem = duplicateKey([...options.keys, ...fileKeys]);
 */
export function duplicateKey(keys: readonly { readonly id: string; readonly hash: string }[]): string | undefined {
  const ids = new Set<string>();
  const hashes = new Set<string>();
  for (const { id, hash } of keys) {
    if (ids.has(id)) return `client key id "${id}" is defined twice`;
    if (hashes.has(hash)) return `client key "${id}" has the hash of another key`;
    ids.add(id);
    hashes.add(hash);
  }
  return undefined;
}

/** The modes of `client_auth`. */
export const CLIENT_AUTH_MODES = ['off', 'optional', 'required'] as const;

/**
 * The plugin's options.
 * @example
 * new ClientKeysPlugin({ clientAuth: 'required', keysFile: '/etc/sluice/keys.conf' });
 */
export const ClientKeysOptionsSchema = Type.Object(
  {
    clientAuth: Type.Union([Type.Literal('off'), Type.Literal('optional'), Type.Literal('required')], {
      default: 'off',
      ...directive('client_auth', {
        word: 'off|optional|required',
        summary:
          'Who may call: `off` anyone, as tenant `default`; `optional` a request without `Authorization` is tenant `default`, one with a key must present a known key; `required` every request presents a known client key (else 401 `invalid_api_key`).',
      }),
    }),
    keys: Type.Array(ClientKeyEntrySchema, {
      default: [],
      ...directive('client_key', {
        summary:
          'A client key, by id and SHA-256 (`sluice keys create … --print-config` writes the line), with a block of `tenant`, `models`, `cache_share`, `cache_controls` and the limits the key carries. Never the key itself.',
        block: 'settings',
        check: (keys: readonly ClientKeyEntry[]) => duplicateKey(keys),
      }),
    }),
    keysFile: Type.Optional(
      Type.String({
        minLength: 1,
        ...directive('client_keys_file', {
          word: 'path',
          summary:
            'A file of `client_key` statements only, read at start and on every reload (SIGHUP); an error in it stops the start with its line.',
        }),
      }),
    ),
    redis: Type.Boolean({
      default: false,
      ...directive('client_keys_redis', {
        summary:
          'Also look keys up in Redis (at `kv_url`), where `sluice keys create` puts them: one store for a fleet of gateways.',
      }),
    }),
    /** `redis://…`, `rediss://…` or `redis+cluster://…`: the gateway's `kv_url`. */
    redisUrl: Type.Optional(Type.String({ pattern: '^rediss?(\\+cluster)?://', secret: true, ...inherits('kv_url') })),
    redisPrefix: Type.String({
      minLength: 1,
      default: 'sluice:keys:',
      ...directive('client_keys_prefix', { word: 'prefix', summary: 'Prefix of every client-key record in Redis.' }),
    }),
    cacheSeconds: Type.Number({
      minimum: 0,
      default: 10,
      ...directive('client_keys_cache_seconds', {
        unit: 'duration',
        summary:
          'How long a gateway keeps a Redis answer (known or unknown key) in memory: a hit costs no round trip, and a revoked key stops working within this time.',
      }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 0.5,
      ...directive('client_keys_timeout_seconds', {
        unit: 'duration',
        summary: 'Longest a Redis key lookup may take before it counts as the store being unavailable.',
      }),
    }),
    failOpen: Type.Boolean({
      default: false,
      ...directive('client_keys_fail_open', {
        summary:
          'While the Redis key store is unavailable, let a key it cannot check through as tenant `default` instead of answering 503. Keys already in memory keep working either way.',
      }),
    }),
  },
  {
    additionalProperties: false,
    ...optionSet({
      check: (options: { redis: boolean; redisUrl?: string }) =>
        options.redis && options.redisUrl === undefined ? 'client_keys_redis is on but kv_url is not set' : undefined,
    }),
  },
);

/**
 * The options as resolved.
 * @example
 * const mode: ClientKeysOptions['clientAuth'] = plugin.options.clientAuth;
 */
export type ClientKeysOptions = Type.Static<typeof ClientKeysOptionsSchema>;

/**
 * The options as a program writes them: every one optional.
 * @example
 * const options: ClientKeysOptionsInput = { clientAuth: 'required', keys: [{ id: 'app', hash, settings: { tenant: 'acme' } }] };
 */
export type ClientKeysOptionsInput = Partial<Omit<ClientKeysOptions, 'keys'>> & {
  readonly keys?: readonly { readonly id: string; readonly hash: string; readonly settings?: Partial<KeySettings> }[];
};
