/** `/api-docs`: the interactive API documentation from the local swagger-ui-dist files (no CDN). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Router from '@koa/router';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>sluice vector answer cache API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api-docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script>
<script src="/api-docs/swagger-ui-standalone-preset.js"></script>
<script src="/api-docs/initializer.js"></script>
</body>
</html>
`;

const INITIALIZER = `window.onload = () => {
  window.ui = SwaggerUIBundle({ url: '/api-docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });
};
`;

function assetDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/**
 * Serves the page, its initializer, the OpenAPI document and the few swagger-ui assets it loads.
 * @example
 * mountApiDocs(router, openApiDocument({ dims: 384, version }));
 */
export function mountApiDocs(router: Router, document: Record<string, unknown>): void {
  const directory = assetDirectory();
  const json = JSON.stringify(document);
  router.get('/api-docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get('/api-docs/initializer.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = INITIALIZER;
  });
  router.get('/api-docs/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = json;
  });
  router.get('/api-docs/:asset', async (ctx, next) => {
    const type = ASSETS[ctx.params['asset'] ?? ''];
    if (type === undefined) return next();
    ctx.type = type;
    ctx.set('cache-control', 'public, max-age=86400');
    ctx.body = await readFile(path.join(directory, ctx.params['asset']!));
  });
}
