/** @sluice/plugin-client-limits: requests and tokens per minute, requests at once and spend budgets per client key and per tenant. */
export { ClientLimitsPlugin, type ClientLimitsRuntime } from './plugin.js';
export { ClientLimitsOptionsSchema, type ClientLimitsOptions, type ClientLimitsOptionsInput } from './options.js';
export { CLIENT_LIMITS_ERRORS } from './errors.js';
export { memoryLimitStore } from './memory-limit-store.js';
export { redisLimitStore, type RedisLimitStoreOptions } from './redis-limit-store.js';
export { type LimitStore, type Taken } from './limit-store.js';
