/**
 * A fleet of two gateway processes, A and B, each started from a config file of its own with the same
 * shared state: one Redis key prefix (exact cache, limit counters), one Qdrant peer collection (semantic
 * cache) and one fake upstream. The official openai client points at each.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import type { Child } from '../../fixtures/child-process.js';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import type { TestRedis } from '../../fixtures/redis.js';
import { startGatewayProcess } from '../cli/gateway-process.js';

export type MemberName = 'a' | 'b';

export interface FleetMember {
  readonly name: MemberName;
  readonly child: Child;
  readonly url: string;
  readonly configFile: string;
  /** The official client without a key (tenant `default`). */
  readonly client: OpenAI;
  /** The official client presenting `key`. */
  clientWith(key: string): OpenAI;
}

export interface Fleet {
  readonly a: FleetMember;
  readonly b: FleetMember;
  readonly upstream: FakeUpstream;
  readonly peer: QdrantPeer;
  /** Chat completion calls the upstream has answered so far, from either gateway. */
  upstreamChats(): number;
  /**
   * Rewrites one member's config file with `change` and sends it SIGHUP; resolves once it reloaded, and
   * fails if it kept its running configuration.
   */
  reload(member: FleetMember, change: ConfigChange): Promise<void>;
  /** Stops both gateways (SIGKILL), the peer and the upstream, and removes the config files. */
  close(): Promise<void>;
}

export interface ConfigChange {
  /** Lines added to the member's config. */
  readonly extra?: string;
  /** Whether the exact and semantic caches are on (default on). */
  readonly caches?: boolean;
}

export interface FleetOptions {
  /** Config lines both members share (client keys, guards, audit delivery). */
  readonly extra?: string;
  /** Config lines of one member only, e.g. its audit producer id. */
  readonly own?: Partial<Record<MemberName, string>>;
}

const clientFor = (url: string, apiKey: string) => new OpenAI({ baseURL: `${url}/v1`, apiKey, maxRetries: 0, timeout: 10_000 });

/** The config text of a member: everything shared first, then the lines given. */
export function fleetConfig(
  upstream: FakeUpstream,
  redis: TestRedis,
  peer: QdrantPeer,
  collection: string,
  change: ConfigChange,
): string {
  const caches = change.caches === false ? 'off' : 'on';
  return `listen_addr 127.0.0.1:0;
upstream_base_url ${upstream.baseUrl};
upstream_api_key dummy;
upstream_timeout_seconds 5;
model_price test-model 1 2;
kv_url ${redis.url};
kv_key_prefix "${redis.prefix}cache:";
limits_key_prefix "${redis.prefix}limits:";
exact_cache_enabled ${caches};
semantic_cache_enabled ${caches};
vectordb_url ${peer.url};
vectordb_collection ${collection};
vectordb_timeout_seconds 2;
${change.extra ?? ''}
`;
}

/**
 * @example
 * const fleet = await startFleet(redis(), { extra: 'client_auth optional;' });
 * await fleet.a.client.chat.completions.create({ model: 'test-model', messages });
 * await fleet.close();
 */
export async function startFleet(redis: TestRedis, options: FleetOptions = {}): Promise<Fleet> {
  const dir = await mkdtemp(join(tmpdir(), 'sluice-fleet-'));
  const upstream = await startFakeUpstream();
  const peer = await QdrantPeer.start();
  // A collection of this run's own, so the peer's state is this fleet's alone.
  const collection = `fleet_${randomBytes(4).toString('hex')}`;
  const textOf = (name: MemberName, change: ConfigChange = {}) =>
    fleetConfig(upstream, redis, peer, collection, {
      ...change,
      extra: `${options.extra ?? ''}\n${options.own?.[name] ?? ''}\n${change.extra ?? ''}`,
    });
  const members: FleetMember[] = [];
  const close = async () => {
    await Promise.all(members.map((member) => member.child.kill()));
    await peer.close();
    await upstream.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const name of ['a', 'b'] as const) {
      const configFile = join(dir, `gateway-${name}.conf`);
      await writeFile(configFile, textOf(name));
      const { child, url } = await startGatewayProcess(configFile);
      members.push({
        name,
        child,
        url,
        configFile,
        client: clientFor(url, 'no-key'),
        clientWith: (key) => clientFor(url, key),
      });
    }
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = members as [FleetMember, FleetMember];
  return {
    a,
    b,
    upstream,
    peer,
    upstreamChats: () => upstream.calls.filter((call) => call.path === '/v1/chat/completions').length,
    reload: async (member, change) => {
      const outcome = /configuration reloaded|reload failed/;
      const before = member.child.lines.length;
      await writeFile(member.configFile, textOf(member.name, change));
      member.child.signal('SIGHUP');
      const deadline = Date.now() + 10_000;
      let line: string | undefined;
      while ((line = member.child.lines.slice(before).find((l) => outcome.test(l))) === undefined) {
        if (Date.now() > deadline) throw new Error(`gateway ${member.name} did not reload within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (/reload failed/.test(line)) throw new Error(`gateway ${member.name}: ${line}`);
    },
    close,
  };
}

/** A `client_key` line for `key` (stored as `sluice keys hash` prints it) with its settings. */
export function clientKeyLine(id: string, key: string, settings: string): string {
  return `client_key ${id} sha256:${createHash('sha256').update(key).digest('hex')} { ${settings} }`;
}
