/** docs/guards.md: a guard module of one's own, built on core's module server. */
// #region module
import { startModuleServer } from '@sluice/guard-kit';

const server = await startModuleServer({
  listen: '127.0.0.1:8101',
  apiKey: process.env.MY_GUARD_KEY ?? '',
  routes: {
    '/v1/scan': (body) => {
      const texts = (body.messages as { content: string }[]).map((m) => m.content);
      const bad = texts.some((t) => /forbidden topic/i.test(t));
      return bad ? { allowed: false, action: 'block', reason: 'Off-topic request.', rule_id: 'topic.1' } : { allowed: true };
    },
  },
});
// #endregion module
export { server };
