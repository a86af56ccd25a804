/** The OpenAPI 3.1 document of the HTTP API, generated from the schemas that validate requests. */
import type { TSchema } from 'typebox';
import { requestSchemas, ResponseSchemas } from './schemas.js';

type Scope = 'public' | 'app' | 'admin';

interface Operation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  scope: Scope;
  request?: TSchema;
  response: TSchema | 'text';
}

/** JSON Schema without TypeBox's symbol keys (JSON round trip drops them). */
const plain = (schema: TSchema): unknown => JSON.parse(JSON.stringify(schema)) as unknown;

/**
 * @example
 * const document = openApiDocument({ dims: 384, version: '0.1.0' });
 */
export function openApiDocument(options: { dims: number; version: string }): Record<string, unknown> {
  const req = requestSchemas(options.dims);
  const R = ResponseSchemas;
  const operations: Operation[] = [
    { method: 'get', path: '/healthz', summary: 'Liveness', scope: 'public', response: 'text' },
    { method: 'get', path: '/readyz', summary: 'Readiness', scope: 'app', response: 'text' },
    {
      method: 'post',
      path: '/v1/insert',
      summary: 'Insert a new entry (409 when the id is active)',
      scope: 'app',
      request: req.Entry,
      response: R.Ok,
    },
    {
      method: 'post',
      path: '/v1/upsert',
      summary: 'Insert or replace an entry',
      scope: 'app',
      request: req.Entry,
      response: R.Ok,
    },
    {
      method: 'post',
      path: '/v1/delete',
      summary: 'Delete an entry (a tombstone on hnsw, a deleted point on qdrant)',
      scope: 'app',
      request: req.Delete,
      response: R.Deleted,
    },
    { method: 'post', path: '/v1/search', summary: 'Nearest neighbours', scope: 'app', request: req.Search, response: R.Search },
    {
      method: 'post',
      path: '/v1/qa',
      summary: 'The cached answer of the nearest entry when similar enough',
      scope: 'app',
      request: req.Qa,
      response: R.Qa,
    },
    {
      method: 'post',
      path: '/v1/snapshot/save',
      summary: 'Save the paired snapshot set (hnsw backend; 501 on qdrant)',
      scope: 'admin',
      request: req.Save,
      response: R.Saved,
    },
    {
      method: 'post',
      path: '/v1/snapshot/load',
      summary: 'Replace the live set with a saved one (hnsw backend; 501 on qdrant)',
      scope: 'admin',
      request: req.Load,
      response: R.SnapshotLoaded,
    },
    {
      method: 'post',
      path: '/v1/answers/save',
      summary: 'Save the answer store alone (hnsw backend; 501 on qdrant)',
      scope: 'admin',
      request: req.Save,
      response: R.Saved,
    },
    {
      method: 'post',
      path: '/v1/answers/load',
      summary: 'Load answers for active ids (hnsw backend; 501 on qdrant)',
      scope: 'admin',
      request: req.Load,
      response: R.AnswersLoaded,
    },
    { method: 'get', path: '/v1/license/status', summary: 'License status', scope: 'admin', response: R.LicenseStatus },
    { method: 'get', path: '/metrics', summary: 'Prometheus metrics', scope: 'app', response: 'text' },
  ];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method]: operation(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'sluice vector answer cache',
      version: options.version,
      description: `Vectors of ${options.dims} numbers with one answer each; errors answer with {"error": {"code", "message", "details"}}.`,
    },
    paths,
    components: {
      schemas: { Error: plain(R.Error) },
      securitySchemes: {
        keyHeader: { type: 'apiKey', in: 'header', name: 'X-SVC-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}

function operation(op: Operation): Record<string, unknown> {
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  const success =
    op.response === 'text'
      ? { description: 'OK', content: { 'text/plain': { schema: { type: 'string' } } } }
      : { description: 'OK', content: { 'application/json': { schema: plain(op.response) } } };
  return {
    summary: op.summary,
    ...(op.scope === 'public' ? { security: [] } : { security: [{ keyHeader: [] }, { bearer: [] }], 'x-scope': op.scope }),
    ...(op.request ? { requestBody: { required: true, content: { 'application/json': { schema: plain(op.request) } } } } : {}),
    responses: { '200': success, default: errorResponse },
  };
}
