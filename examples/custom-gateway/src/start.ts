/**
 * Runs the custom gateway by hand: `node examples/custom-gateway/dist/start.js`. Settings come from
 * the environment; without JWT_SECRET it makes one for this run and prints a token to try it with.
 */
import { randomBytes } from 'node:crypto';
import { signHs256 } from './jwt.js';
import { startCustomGateway } from './main.js';

const DEMO_TENANT = 'acme';
const ONE_HOUR = 3600;

// An empty JWT_SECRET counts as unset, like a variable left blank in a .env file.
const given = process.env.JWT_SECRET || undefined;
const jwtSecret = given ?? randomBytes(32).toString('base64url');
const apiKey = process.env.UPSTREAM_API_KEY;
const running = await startCustomGateway({
  upstreamBaseUrl: process.env.UPSTREAM_BASE_URL ?? 'https://api.openai.com/v1',
  ...(apiKey === undefined ? {} : { upstreamApiKey: apiKey }),
  jwtSecret,
  listen: process.env.LISTEN_ADDR ?? '127.0.0.1:8080',
});

process.stdout.write(`custom gateway listening on ${running.url} (OpenAI base URL ${running.url}/v1)\n`);
if (given === undefined) {
  const token = signHs256({ tenant: DEMO_TENANT, exp: Math.floor(Date.now() / 1000) + ONE_HOUR }, jwtSecret);
  process.stdout.write(
    `JWT_SECRET not set: made one for this run. A token for tenant "${DEMO_TENANT}", valid one hour:\n${token}\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
