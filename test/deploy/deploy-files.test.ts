import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { DOCKERFILE_INSTRUCTIONS, execForm, stagesOf } from './dockerfile.js';
import {
  at,
  composeFile,
  DEPLOY,
  deployText,
  dockerfile,
  gatewayConfig,
  gatewayProbes,
  kubernetesDocuments,
  listenPort,
  requiredVariables,
  ROOT,
  TEST_ENV,
  type Yaml,
} from './deploy-manifests.js';

/** The gateway's probe routes (apps/gateway/src/app.ts); deploy-gateway.test.ts asks a real gateway. */
const PROBE_PATHS = ['/healthz', '/startupz', '/readyz'];
const CONFIG_PATH = '/etc/sluice/gateway.conf';

async function shutdownSeconds(): Promise<number> {
  return (await gatewayConfig()).get<number>('graceful_shutdown_timeout_seconds')!;
}

describe('deploy: gateway.conf', () => {
  it('passes the gateway config check with the environment compose and Kubernetes give it', async () => {
    const config = await gatewayConfig();
    assert.equal(config.get('kv_url'), TEST_ENV.SLUICE_REDIS_URL);
    assert.equal(config.get('vectordb_url'), TEST_ENV.SLUICE_QDRANT_URL);
    assert.equal(config.get('semantic_cache_enabled'), true);
    assert.equal(config.get('upstream_api_key'), TEST_ENV.OPENAI_API_KEY);
  });

  it('refuses to resolve without its required variables', async () => {
    assert.deepEqual(requiredVariables().sort(), Object.keys(TEST_ENV).sort());
    await assert.rejects(gatewayConfig({}), /OPENAI_API_KEY is not set/);
  });

  it('listens on every interface of the container', async () => {
    assert.equal((await gatewayConfig()).get('listen_addr'), '0.0.0.0:8080');
  });
});

describe('deploy: Dockerfile', () => {
  const instructions = dockerfile();
  const stages = stagesOf(instructions);
  const final = stages.at(-1)!.instructions;
  const ignored = deployText('Dockerfile.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('uses only known instructions, starting with FROM', () => {
    assert.deepEqual(
      instructions.filter((i) => !DOCKERFILE_INSTRUCTIONS.has(i.keyword)).map((i) => `${i.line}: ${i.keyword}`),
      [],
    );
    assert.equal(instructions.find((i) => i.keyword !== 'ARG')?.keyword, 'FROM');
  });

  it('builds on node:20 with npm ci and tsc -b, and runs on node:20 as a user other than root', () => {
    assert.deepEqual(
      stages.map((stage) => stage.instructions[0]!.args.split(/\s+/)[0]),
      ['node:20-bookworm', 'node:20-bookworm-slim'],
    );
    const build = stages[0]!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    assert.ok(build.some((run) => /^npm ci\b/.test(run)));
    assert.ok(build.some((run) => /\btsc -b\b/.test(run)));
    const user = final.filter((i) => i.keyword === 'USER').at(-1)?.args;
    assert.ok(user !== undefined && !['root', '0'].includes(user.split(':')[0]!), `final USER is ${user}`);
  });

  it('copies only sources that exist in the context and are not ignored, and stages that exist', () => {
    for (const copy of instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')) {
      const parts = execForm(copy.args) ?? copy.args.split(/\s+/);
      const sources = parts.slice(0, -1);
      assert.ok(sources.length > 0, `line ${copy.line}: COPY needs a source and a destination`);
      const from = copy.flags.from;
      if (from !== undefined) {
        assert.ok(
          stages.some((stage) => stage.name === from) && from !== stages.at(-1)!.name,
          `line ${copy.line}: no stage ${from}`,
        );
        continue;
      }
      for (const source of sources) {
        assert.ok(existsSync(join(ROOT, source)), `line ${copy.line}: ${source} is not in the build context`);
        const normal = posix.normalize(source);
        assert.ok(!ignored.some((pattern) => normal === pattern || normal.startsWith(`${pattern}/`)), `${source} is ignored`);
      }
    }
  });

  it('runs `sluice gateway --config` on the config it copies, with a HEALTHCHECK on /healthz', async () => {
    const word = (keyword: string) => final.filter((i) => i.keyword === keyword).at(-1)?.args ?? '';
    assert.deepEqual(
      [...execForm(word('ENTRYPOINT'))!, ...execForm(word('CMD'))!],
      ['sluice', 'gateway', '--config', CONFIG_PATH],
    );
    assert.ok(final.some((i) => i.keyword === 'COPY' && i.args === `deploy/gateway.conf ${CONFIG_PATH}`));
    assert.ok(
      word('EXPOSE')
        .split(/\s+/)
        .includes(String(await listenPort())),
    );
    const probe = gatewayProbes().find((p) => p.source === 'Dockerfile HEALTHCHECK');
    assert.equal(probe?.path, '/healthz');
  });
});

describe('deploy: compose.yaml', () => {
  const compose = composeFile();
  const services = compose.services as Record<string, Yaml>;
  const environment = (name: string) => (services[name]?.environment ?? {}) as Record<string, string>;

  it('runs the gateway, Redis, Qdrant and the vector cache, each with a healthcheck', () => {
    assert.deepEqual(Object.keys(services).sort(), ['gateway', 'qdrant', 'redis', 'vector-cache']);
    for (const [name, service] of Object.entries(services)) {
      const test = at(service, 'healthcheck', 'test');
      assert.ok(Array.isArray(test) && ['CMD', 'CMD-SHELL'].includes(test[0] as string), `${name}: healthcheck.test`);
    }
  });

  it('builds the gateway image from deploy/Dockerfile with the repository as context', () => {
    for (const name of ['gateway', 'vector-cache']) {
      const build = services[name]!.build as { context: string; dockerfile: string };
      const context = resolve(DEPLOY, build.context);
      assert.equal(context, ROOT);
      assert.ok(existsSync(join(context, build.dockerfile)), build.dockerfile);
    }
  });

  it('gives the gateway every variable its config needs, pointing at the Redis and Qdrant services', () => {
    const env = environment('gateway');
    for (const name of requiredVariables()) assert.ok(name in env, `gateway environment lacks ${name}`);
    assert.equal(new URL(env.SLUICE_REDIS_URL!).hostname, 'redis');
    const qdrant = new URL(env.SLUICE_QDRANT_URL!);
    assert.deepEqual([qdrant.hostname, qdrant.port], ['qdrant', '6334']);
    assert.deepEqual(at(services, 'gateway', 'depends_on'), {
      redis: { condition: 'service_healthy' },
      qdrant: { condition: 'service_healthy' },
    });
  });

  it('publishes and probes the port the gateway listens on, on a real probe route', async () => {
    const port = await listenPort();
    const published = (services.gateway!.ports as string[]).map((mapping) => Number(mapping.split(':').at(-1)));
    assert.deepEqual(published, [port]);
    const probe = gatewayProbes().find((p) => p.source.startsWith('compose.yaml'));
    assert.ok(probe !== undefined && PROBE_PATHS.includes(probe.path), JSON.stringify(probe));
    assert.equal(probe.port, port);
  });

  it('probes the vector cache on its own listen address', () => {
    const env = environment('vector-cache');
    const port = Number(env.SVC_LISTEN_ADDR!.split(':').at(-1));
    const test = (at(services, 'vector-cache', 'healthcheck', 'test') as string[]).join(' ');
    assert.match(test, new RegExp(`http://127\\.0\\.0\\.1:${port}/healthz\\b`));
    assert.ok(env.SVC_DATA_DIR!.startsWith('/var/lib/sluice'));
  });

  it('gives each sluice service longer to stop than the gateway drains', async () => {
    const drain = await shutdownSeconds();
    for (const name of ['gateway', 'vector-cache']) {
      assert.ok(Number.parseInt(String(services[name]!.stop_grace_period), 10) > drain, name);
    }
  });
});

describe('deploy: kubernetes/gateway.yaml', () => {
  const documents = kubernetesDocuments();
  const byKind = (kind: string) => documents.find((doc) => doc.kind === kind)!;
  const deployment = byKind('Deployment');
  const pod = at(deployment, 'spec', 'template', 'spec') as Yaml;
  const container = (pod.containers as Yaml[])[0]!;

  it('holds a ConfigMap with deploy/gateway.conf as it is, a Deployment and a Service', () => {
    assert.deepEqual(
      documents.map((doc) => `${doc.apiVersion as string} ${doc.kind as string}`),
      ['v1 ConfigMap', 'apps/v1 Deployment', 'v1 Service'],
    );
    assert.equal(at(byKind('ConfigMap'), 'data', 'gateway.conf'), deployText('gateway.conf'));
  });

  it('mounts the ConfigMap where the container reads --config', () => {
    const args = container.args as string[];
    assert.deepEqual(args, ['gateway', '--config', CONFIG_PATH]);
    const volume = (pod.volumes as Yaml[]).find(
      (v) => at(v, 'configMap', 'name') === at(byKind('ConfigMap'), 'metadata', 'name'),
    );
    const mount = (container.volumeMounts as Yaml[]).find((m) => m.name === volume?.name);
    assert.equal(mount?.mountPath, posix.dirname(CONFIG_PATH));
  });

  it('probes /startupz, /readyz and /healthz on the port the gateway listens on', async () => {
    const port = await listenPort();
    const probes = gatewayProbes().filter((p) => p.source.startsWith('Deployment'));
    assert.deepEqual(
      probes.map((p) => [p.source, p.path, p.port]),
      [
        ['Deployment startupProbe', '/startupz', port],
        ['Deployment readinessProbe', '/readyz', port],
        ['Deployment livenessProbe', '/healthz', port],
      ],
    );
  });

  it('takes secrets from a Secret and sets every variable the config needs', () => {
    const env = container.env as { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
    for (const name of requiredVariables())
      assert.ok(
        env.some((e) => e.name === name),
        `env lacks ${name}`,
      );
    const secret = env.find((e) => e.name === 'OPENAI_API_KEY')?.valueFrom?.secretKeyRef;
    assert.ok(secret !== undefined && secret.name !== '', 'OPENAI_API_KEY comes from a Secret');
  });

  it('sets resources, a non-root user and a grace period longer than the drain', async () => {
    assert.ok(at(container, 'resources', 'requests', 'cpu') !== undefined);
    assert.ok(at(container, 'resources', 'requests', 'memory') !== undefined);
    assert.ok(at(container, 'resources', 'limits', 'memory') !== undefined);
    assert.equal(at(pod, 'securityContext', 'runAsNonRoot'), true);
    assert.ok((pod.terminationGracePeriodSeconds as number) > (await shutdownSeconds()));
  });

  it('selects its pods in the Deployment and the Service, targeting the named port', () => {
    const labels = at(deployment, 'spec', 'template', 'metadata', 'labels');
    assert.deepEqual(at(deployment, 'spec', 'selector', 'matchLabels'), labels);
    const service = byKind('Service');
    assert.deepEqual(at(service, 'spec', 'selector'), labels);
    const target = (at(service, 'spec', 'ports') as Yaml[])[0]?.targetPort;
    assert.ok((container.ports as Yaml[]).some((p) => p.name === target || p.containerPort === target));
  });
});
