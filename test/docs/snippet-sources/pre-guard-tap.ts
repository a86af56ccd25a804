/** docs/reference/hooks.md: a preGuard tap that blocks. */
import { Stage, type Kernel } from '@sluice/core';

const PLUGIN_NAME = 'tenant-suspension';

export function applyTenantSuspension(kernel: Kernel): void {
  // #region tap
  kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: Stage.USAGE }, async (exchange) =>
    exchange.tenant === 'blocked-tenant'
      ? { action: 'block', code: 'usage_request_blocked', guard: PLUGIN_NAME, respond: 'error_json', reason: 'tenant suspended' }
      : undefined,
  );
  // #endregion tap
}
