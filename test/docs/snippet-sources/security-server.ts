/** docs/reference/guards/security.md: the security module started from code. */
// #region start
import { startSecurityGuardServer } from '@sluice/plugin-security-guard';
const server = await startSecurityGuardServer({ listen: '127.0.0.1:8101', apiKey: 'k', policyFile: './security-policy.json' });
// server.url, await server.close()
// #endregion start
await server.close();
