/** docs/reference/guards/usage.md: the usage engine as a library. */
// #region library
import { UsageEngine, loadUsagePolicy, redisQuotaCounters } from '@sluice/plugin-usage-guard';

const engine = new UsageEngine({
  policy: await loadUsagePolicy('usage-policy.json'),
  counters: await redisQuotaCounters({ url: 'redis://127.0.0.1:6379' }),
});
const reply = await engine.evaluate({ tenant_id: 'acme', mode: 'enforce', messages: [{ role: 'user', content: 'hi' }] });
// #endregion library
export { reply };
