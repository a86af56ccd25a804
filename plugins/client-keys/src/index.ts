/** @sluice/plugin-client-keys: who is calling, from a key in the config, a keys file or Redis; the tenant and policy it admits a request as. */
export { ClientKeysPlugin } from './plugin.js';
export {
  ClientKeysOptionsSchema,
  ClientKeyEntrySchema,
  KeySettingsSchema,
  CLIENT_AUTH_MODES,
  type ClientKeysOptions,
  type ClientKeysOptionsInput,
  type ClientKeyEntry,
  type KeySettings,
} from './options.js';
export { CLIENT_KEYS_ERRORS } from './errors.js';
export { CLIENT_KEY_PREFIX, hashPrefix, keyHash, newClientKey } from './key-material.js';
export { RedisKeyStore, StoredKeyError, type RedisKeyStoreOptions } from './redis-key-store.js';
export { type StoredClientKey } from './stored-key.js';
export { parseKeys, readKeysFile } from './keys-file.js';
