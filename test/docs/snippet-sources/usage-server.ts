/** docs/reference/guards/usage.md: the usage module started from code. */
// #region start
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';

const server = await startUsageGuardServer({
  listen: '127.0.0.1:8103',
  apiKey: process.env.USAGE_GUARD_KEY ?? '',
  policyFile: '/etc/sluice/usage-policy.json', // absent: the built-in policy
  kvUrl: 'redis://127.0.0.1:6379', // absent: counters in memory
});
// POST http://127.0.0.1:8103/v1/scan, GET /healthz
await server.close();
// #endregion start
