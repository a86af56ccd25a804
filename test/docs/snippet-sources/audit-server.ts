/** docs/audit.md: the audit module started from code. */
// #region start
import { startAuditServer } from '@sluice/audit';

const audit = await startAuditServer({ listen: '127.0.0.1:0', dataDir: './audit-data', apiKey: 'change-me' });
console.log(audit.url); // http://127.0.0.1:41234
await audit.close();
// #endregion start
