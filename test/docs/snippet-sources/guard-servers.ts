/** docs/reference/guards/*.md: the reference guard modules started from code. */
// #region privacy
import { startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';

const server = await startPrivacyGuardServer({
  listen: '127.0.0.1:8102',
  apiKey: process.env.PRIVACY_GUARD_KEY ?? '',
  kvUrl: 'redis://127.0.0.1:6379', // optional: mappings shared by several module processes
  mappingTtlSeconds: 3600,
  policyFile: './privacy-policy.json', // optional
});
// … server.url; await server.close();
// #endregion privacy
await server.close();
