/** The data plane: insert, upsert, delete, search and qa (app key). */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { requireKey } from './guard.js';
import { readJson } from './read-json.js';
import { countedIn } from './request-count.js';
import { requestSchemas } from './schemas.js';
import type { ServiceContext } from './service-context.js';
import { bodyCheck } from './validate.js';

/**
 * @example
 * mountDataRoutes(router, service);
 */
export function mountDataRoutes(router: Router, service: ServiceContext): void {
  const schemas = requestSchemas(service.settings.dims);
  const { dims } = service.settings;
  const checkEntry = bodyCheck(schemas.Entry, { names: ['vector'], dims });
  const checkSearch = bodyCheck(schemas.Search, { names: ['query'], dims });
  const checkQa = bodyCheck(schemas.Qa, { names: ['query'], dims });
  const checkDelete = bodyCheck(schemas.Delete);
  const app = requireKey(service, 'app');
  const { metrics } = service;
  // Search and qa count as search, insert and upsert as insert; delete has a requests counter only.
  const search = countedIn(metrics.searchRequests, metrics.searchErrors);
  const write = countedIn(metrics.insertRequests, metrics.insertErrors);
  const remove = countedIn(metrics.deleteRequests);
  const body = (ctx: Context) => readJson(ctx.req, service.settings.maxBodyBytes);
  const reply = (ctx: Context, value: unknown) => {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(value);
  };

  router.post('/v1/insert', write, app, async (ctx) => {
    await service.cache.insert(checkEntry(await body(ctx)));
    reply(ctx, { ok: true });
  });
  router.post('/v1/upsert', write, app, async (ctx) => {
    await service.cache.upsert(checkEntry(await body(ctx)));
    reply(ctx, { ok: true });
  });
  router.post('/v1/delete', remove, app, async (ctx) => {
    const deleted = await service.cache.delete(checkDelete(await body(ctx)).ext_id);
    reply(ctx, { deleted, ok: true });
  });
  router.post('/v1/search', search, app, async (ctx) => {
    const hits = await service.cache.search(checkSearch(await body(ctx)));
    reply(ctx, { hits });
  });
  router.post('/v1/qa', search, app, async (ctx) => {
    reply(ctx, await service.cache.qa(checkQa(await body(ctx))));
  });
}
