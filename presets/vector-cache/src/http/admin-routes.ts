/** Management: snapshot and answers save/load, license status (admin key). */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { translate } from '../answer-cache.js';
import { atClientPath, resolveSnapshotPath } from '../snapshot-path.js';
import { ServiceError } from '../service-error.js';
import { requireKey } from './guard.js';
import { readJson } from './read-json.js';
import { requestSchemas } from './schemas.js';
import type { ServiceContext } from './service-context.js';
import { bodyCheck } from './validate.js';

export const DEFAULT_INDEX_NAME = 'vcal.index';
/** Answers exports default to a subdirectory: the data directory's own answers.json belongs to its paired set. */
export const DEFAULT_ANSWERS_EXPORT = 'exports/answers.json';

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
  const resolve = async (given: string) => ({ given, file: await resolveSnapshotPath(policy, given) });

  router.post('/v1/snapshot/save', admin, async (ctx) => {
    const { given, file } = await resolve(checkSave(await body(ctx)).path ?? DEFAULT_INDEX_NAME);
    refuseOverHomeSet(await realpath(service.settings.dataDir), file, 'snapshot');
    try {
      const saved = await atClientPath(given, 'save', () =>
        translate(() => service.store.saveSnapshot({ dir: path.dirname(file), indexName: path.basename(file) })),
      );
      service.metrics.snapshotSaves.inc();
      reply(ctx, { ok: true, path: saved.indexPath, bytes: saved.bytes, unixtime: Math.floor(saved.savedAt / 1000) });
    } catch (error) {
      service.metrics.snapshotSaveFailures.inc();
      throw error;
    }
  });
  router.post('/v1/snapshot/load', admin, async (ctx) => {
    const { given, file } = await resolve(checkLoad(await body(ctx)).path ?? DEFAULT_INDEX_NAME);
    service.license.checkWrite();
    const vectors = await atClientPath(given, 'load', () =>
      translate(() => service.store.loadSnapshot({ dir: path.dirname(file), indexName: path.basename(file) })),
    );
    reply(ctx, { ok: true, path: file, vectors });
  });
  router.post('/v1/answers/save', admin, async (ctx) => {
    const { given, file } = await resolve(checkSave(await body(ctx)).path ?? DEFAULT_ANSWERS_EXPORT);
    refuseOverHomeSet(await realpath(service.settings.dataDir), file, 'answers');
    const saved = await atClientPath(given, 'save', () => translate(() => service.store.saveAnswers(file)));
    reply(ctx, { ok: true, path: file, bytes: saved.bytes, unixtime: Math.floor(saved.savedAt / 1000) });
  });
  router.post('/v1/answers/load', admin, async (ctx) => {
    const { given, file } = await resolve(checkLoad(await body(ctx)).path ?? DEFAULT_ANSWERS_EXPORT);
    service.license.checkWrite();
    const answers = await atClientPath(given, 'load', () => translate(() => service.store.loadAnswers(file)));
    reply(ctx, { ok: true, path: file, answers });
  });
  router.get('/v1/license/status', admin, (ctx) => reply(ctx, service.licenseStatus()));
}

const HOME_SET_FILES = new Set([DEFAULT_INDEX_NAME, 'answers.json', 'tombstones.json']);

/**
 * The data directory's own paired set is written only by a default snapshot save: an export next to it
 * would replace its answers.json or tombstones.json with another snapshot's and tear the set.
 */
function refuseOverHomeSet(dataDir: string, file: string, kind: 'snapshot' | 'answers'): void {
  if (path.dirname(file) !== dataDir) return;
  const name = path.basename(file);
  const home = kind === 'snapshot' ? name === DEFAULT_INDEX_NAME : false;
  if (home) return;
  if (kind === 'snapshot' || HOME_SET_FILES.has(name) || name.startsWith('wal-')) {
    throw new ServiceError(
      'INVALID_ARGUMENT',
      `path ${JSON.stringify(name)} would overwrite the data directory's own snapshot set; save into a subdirectory`,
      { field: 'path' },
    );
  }
}
