/**
 * The deploy/ files as the tests read them: compose.yaml and the Kubernetes manifests parsed, the
 * Dockerfile read, gateway.conf resolved with test values, and every probe they point at.
 * js-yaml is the YAML parser mocha itself loads its config with; the project adds no dependency for it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, loadAll } from 'js-yaml';
import type { ResolvedConfig } from '@sluice/config';
import { parseGatewayConfig, parseListenAddr } from '@sluice/preset-gateway';
import { execForm, readDockerfile, type Instruction } from './dockerfile.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOY = join(ROOT, 'deploy');

export const deployText = (path: string): string => readFileSync(join(DEPLOY, path), 'utf8');

/** What the environment gives the gateway in compose and Kubernetes, with test stand-ins. */
export const TEST_ENV: Readonly<Record<string, string>> = Object.freeze({
  OPENAI_API_KEY: 'sk-test-not-a-key',
  SLUICE_REDIS_URL: 'redis://redis:6379',
  SLUICE_QDRANT_URL: 'http://qdrant:6334',
});

export function gatewayConfig(env: Readonly<Record<string, string>> = TEST_ENV): Promise<ResolvedConfig> {
  return parseGatewayConfig(deployText('gateway.conf'), join(DEPLOY, 'gateway.conf'), { env });
}

/** The variables gateway.conf reads without a default: the ones the environment must set. */
export function requiredVariables(): string[] {
  return [...deployText('gateway.conf').matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);
}

export async function listenPort(): Promise<number> {
  return parseListenAddr((await gatewayConfig()).get<string>('listen_addr')!).port;
}

/** A loosely typed view of parsed YAML: the tests check each shape they rely on. */
export type Yaml = Record<string, unknown>;

export const composeFile = (): Yaml => load(deployText('compose.yaml')) as Yaml;
export const kubernetesDocuments = (): Yaml[] => loadAll(deployText('kubernetes/gateway.yaml')) as Yaml[];
export const dockerfile = (): Instruction[] => readDockerfile(deployText('Dockerfile'));

/** A value inside parsed YAML by path, e.g. `at(doc, 'spec', 'template', 'spec')`. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export interface ProbeTarget {
  /** Where the probe is declared, for messages. */
  readonly source: string;
  readonly path: string;
  readonly port: number;
}

const PROBE_URL = /http:\/\/127\.0\.0\.1:(\d+)(\/\w*)/;

function urlProbe(source: string, command: string): ProbeTarget {
  const match = PROBE_URL.exec(command);
  if (match === null) throw new Error(`${source}: no http://127.0.0.1:<port>/<path> in ${command}`);
  return { source, port: Number(match[1]), path: match[2]! };
}

/** Every probe of the gateway in the Dockerfile, compose.yaml and the Deployment. */
export function gatewayProbes(): ProbeTarget[] {
  const probes: ProbeTarget[] = [];
  const healthcheck = dockerfile().find((instruction) => instruction.keyword === 'HEALTHCHECK');
  if (healthcheck !== undefined) {
    const command = execForm(healthcheck.args.replace(/^CMD\s+/, '')) ?? [healthcheck.args];
    probes.push(urlProbe('Dockerfile HEALTHCHECK', command.join(' ')));
  }
  const test = at(composeFile(), 'services', 'gateway', 'healthcheck', 'test');
  if (Array.isArray(test)) probes.push(urlProbe('compose.yaml gateway healthcheck', test.join(' ')));
  const deployment = kubernetesDocuments().find((doc) => doc.kind === 'Deployment');
  for (const container of (at(deployment, 'spec', 'template', 'spec', 'containers') ?? []) as Yaml[]) {
    const ports = (container.ports ?? []) as { name?: string; containerPort: number }[];
    for (const kind of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      const get = at(container, kind, 'httpGet') as { path: string; port: string | number } | undefined;
      if (get === undefined) continue;
      const port = typeof get.port === 'number' ? get.port : ports.find((p) => p.name === get.port)?.containerPort;
      probes.push({ source: `Deployment ${kind}`, path: get.path, port: port ?? Number.NaN });
    }
  }
  return probes;
}
