/** Management: snapshot and answers save/load, license status (admin key). */
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { translate } from '../answer-cache.js';
import { resolveSnapshotPath } from '../snapshot-path.js';
import { requireKey } from './guard.js';
import { readJson } from './read-json.js';
import { requestSchemas } from './schemas.js';
import type { ServiceContext } from './service-context.js';
import { bodyCheck } from './validate.js';

export const DEFAULT_INDEX_NAME = 'vcal.index';
export const DEFAULT_ANSWERS_NAME = 'answers.json';

/**
 * @example
 * mountAdminRoutes(router, service);
 */
export function mountAdminRoutes(router: Router, service: ServiceContext): void {
  const schemas = requestSchemas(service.settings.dims);
  const checkSave = bodyCheck(schemas.Save);
  const checkLoad = bodyCheck(schemas.Load);
  const admin = requireKey(service, 'admin');
  const policy = { dataDir: service.settings.dataDir, allowAbsolutePaths: service.settings.allowAbsolutePaths };
  // An empty body means "all defaults", so `curl -X POST …/v1/snapshot/save` works.
  const body = async (ctx: Context) =>
    Number(ctx.req.headers['content-length'] ?? 0) === 0 && !ctx.req.headers['transfer-encoding']
      ? {}
      : readJson(ctx.req, service.settings.maxBodyBytes);
  const reply = (ctx: Context, value: unknown) => {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(value);
  };
  const resolve = (given: string | undefined, fallback: string) => resolveSnapshotPath(policy, given ?? fallback);

  router.post('/v1/snapshot/save', admin, async (ctx) => {
    const file = await resolve(checkSave(await body(ctx)).path, DEFAULT_INDEX_NAME);
    try {
      const saved = await translate(() =>
        service.store.saveSnapshot({ dir: path.dirname(file), indexName: path.basename(file) }),
      );
      service.metrics.snapshotSaves.inc();
      reply(ctx, { ok: true, path: saved.indexPath, bytes: saved.bytes, unixtime: Math.floor(saved.savedAt / 1000) });
    } catch (error) {
      service.metrics.snapshotSaveFailures.inc();
      throw error;
    }
  });
  router.post('/v1/snapshot/load', admin, async (ctx) => {
    const file = await resolve(checkLoad(await body(ctx)).path, DEFAULT_INDEX_NAME);
    service.license.checkWrite();
    const vectors = await translate(() =>
      service.store.loadSnapshot({ dir: path.dirname(file), indexName: path.basename(file) }),
    );
    reply(ctx, { ok: true, path: file, vectors });
  });
  router.post('/v1/answers/save', admin, async (ctx) => {
    const file = await resolve(checkSave(await body(ctx)).path, DEFAULT_ANSWERS_NAME);
    const saved = await translate(() => service.store.saveAnswers(file));
    reply(ctx, { ok: true, path: file, bytes: saved.bytes, unixtime: Math.floor(saved.savedAt / 1000) });
  });
  router.post('/v1/answers/load', admin, async (ctx) => {
    const file = await resolve(checkLoad(await body(ctx)).path, DEFAULT_ANSWERS_NAME);
    service.license.checkWrite();
    const answers = await translate(() => service.store.loadAnswers(file));
    reply(ctx, { ok: true, path: file, answers });
  });
  router.get('/v1/license/status', admin, (ctx) => reply(ctx, service.licenseStatus()));
}
