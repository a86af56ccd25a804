/** @sluice/caller: who is calling, as a client key admits it, and the limits a key or tenant carries. */
export { admitCaller, callerOf, moduleTenant, type Caller } from './caller.js';
export { CallerLimitsSchema, type CallerLimits } from './limits.js';
export { isKeyHash, keyHash, keyMatches } from './key-hash.js';
export { MAX_PRESENTED_KEY_BYTES, presentedKey } from './bearer.js';
export { DEFAULT_TENANT_LABELS, OTHER_TENANTS, TenantLabels } from './tenant-labels.js';
