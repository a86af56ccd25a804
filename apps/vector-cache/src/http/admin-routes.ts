/** Management: snapshot and answers save/load, license status (admin key). */
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { isJsonContentType } from '@sluice/host';
import { DEFAULT_INDEX_NAME, type HnswVectorStore } from '@sluice/vector-store';
import type { AnswerRecord } from '../answer-record.js';
import { presentedKey } from '../auth/presented-key.js';
import { ClientFile, type FileKind, type FileUse } from '../client-file.js';
import { ServiceError } from '../service-error.js';
import { requireKey } from './guard.js';
import { notJson, readJson } from './read-json.js';
import { requestSchemas } from './schemas.js';
import type { ServiceContext } from './service-context.js';
import { bodyCheck } from './validate.js';

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
  // An empty body means "all defaults". It still needs a JSON Content-Type or a key header: a page can
  // send an empty POST with neither (a form, fetch in no-cors mode) without a CORS preflight, and these
  // routes write and replace the data set.
  const body = async (ctx: Context) => {
    const headers = ctx.req.headers;
    if (Number(headers['content-length'] ?? 0) !== 0 || headers['transfer-encoding'] !== undefined) {
      return readJson(ctx.req, service.settings.maxBodyBytes);
    }
    const type = headers['content-type'];
    const allowed = type === undefined ? presentedKey(headers) !== undefined : isJsonContentType(type);
    if (!allowed) throw notJson(type);
    return {};
  };
  const reply = (ctx: Context, value: unknown) => {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(value);
  };
  const target = async (ctx: Context, kind: FileKind, use: FileUse) => {
    const check = use === 'save' ? checkSave : checkLoad;
    const given = check(await body(ctx)).path;
    return ClientFile.at(policy, kind, use, given ?? (kind === 'snapshot' ? DEFAULT_INDEX_NAME : DEFAULT_ANSWERS_EXPORT));
  };
  const setAt = (file: string) => ({ dir: path.dirname(file), indexName: path.basename(file) });
  const files = (): HnswVectorStore<AnswerRecord> => service.files ?? notOnQdrant(service);

  router.post('/v1/snapshot/save', admin, async (ctx) => {
    const store = files();
    const snapshot = await target(ctx, 'snapshot', 'save');
    try {
      const saved = await snapshot.run(() => store.saveSnapshot(setAt(snapshot.file)));
      service.metrics.snapshotSaves.inc();
      reply(ctx, { ok: true, path: saved.indexPath, bytes: saved.bytes, unixtime: Math.floor(saved.savedAt / 1000) });
    } catch (error) {
      service.metrics.snapshotSaveFailures.inc();
      throw error;
    }
  });
  router.post('/v1/snapshot/load', admin, async (ctx) => {
    const store = files();
    const snapshot = await target(ctx, 'snapshot', 'load');
    service.license.checkWrite();
    const vectors = await snapshot.run(() => store.loadSnapshot(setAt(snapshot.file)));
    reply(ctx, { ok: true, path: snapshot.file, vectors });
  });
  router.post('/v1/answers/save', admin, async (ctx) => {
    const store = files();
    const answers = await target(ctx, 'answers', 'save');
    const saved = await answers.run(() => store.saveAnswers(answers.file));
    reply(ctx, { ok: true, path: answers.file, bytes: saved.bytes, unixtime: Math.floor(saved.savedAt / 1000) });
  });
  router.post('/v1/answers/load', admin, async (ctx) => {
    const store = files();
    const answers = await target(ctx, 'answers', 'load');
    service.license.checkWrite();
    const count = await answers.run(() => store.loadAnswers(answers.file));
    reply(ctx, { ok: true, path: answers.file, answers: count });
  });
  router.get('/v1/license/status', admin, (ctx) => reply(ctx, service.licenseStatus()));
}

/**
 * On `qdrant` the vectors and answers are Qdrant's: a file of this service would hold one instance's view of
 * a collection others keep writing, so backups are Qdrant's own collection snapshots.
 */
function notOnQdrant(service: ServiceContext): never {
  const collection = service.settings.qdrant?.collection ?? '';
  throw new ServiceError(
    'NOT_IMPLEMENTED',
    `Snapshot and answers files are not served with SVC_VECTOR_BACKEND=qdrant: the entries live in Qdrant collection "${collection}". ` +
      `Use Qdrant's collection snapshots instead (POST /collections/${collection}/snapshots to take one, PUT /collections/${collection}/snapshots/recover to restore it).`,
    { backend: 'qdrant', collection },
  );
}
