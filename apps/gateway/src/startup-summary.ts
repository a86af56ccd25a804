/** What `sluice gateway` prints once it listens: what is on, and where to look. Never a secret. */
import type { DependencyHealth, Mode, Plugin } from '@sluice/core';
import { AuditSinkPlugin } from '@sluice/plugin-audit-sink';
import { ClientKeysPlugin } from '@sluice/plugin-client-keys';
import { ClientLimitsPlugin } from '@sluice/plugin-client-limits';
import { CostMeterPlugin } from '@sluice/plugin-cost-meter';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';
import { PrivacyGuardPlugin } from '@sluice/plugin-privacy-guard';
import { SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import { SemanticCachePlugin, storeLocation } from '@sluice/plugin-semantic-cache';
import { UsageGuardPlugin } from '@sluice/plugin-usage-guard';
import { displayUrl } from './display-url.js';
import type { Runtime } from '@sluice/preset-gateway';

const BUILT_IN = [
  AuditSinkPlugin,
  ClientKeysPlugin,
  ClientLimitsPlugin,
  CostMeterPlugin,
  ExactCachePlugin,
  OpenAIUpstreamPlugin,
  PrivacyGuardPlugin,
  SecurityGuardPlugin,
  SemanticCachePlugin,
  UsageGuardPlugin,
];

/**
 * The summary lines, from the plugins the runtime really runs (not from the file alone).
 * @example
 * for (const line of startupSummary(gateway.runtime, url)) console.log(line);
 * //   mode      enforce, streaming off
 * //   exact     memory (up to 10,000 entries)
 * //   …
 * //   metrics   http://127.0.0.1:8080/metrics
 */
export function startupSummary(runtime: Runtime, url: string): string[] {
  const plugins = runtime.kernel.plugins;
  const find = <T extends Plugin>(kind: abstract new (...args: never[]) => T) =>
    plugins.find((plugin): plugin is T => plugin instanceof kind);
  const { mode, streaming, streamingMode } = runtime.settings;
  const upstream = find(OpenAIUpstreamPlugin);
  const audit = find(AuditSinkPlugin);
  const custom = plugins.filter((plugin) => !BUILT_IN.some((kind) => plugin instanceof kind)).map((plugin) => plugin.name);
  // Names only: a reason can quote a URL.
  const down = plugins.flatMap((plugin) => plugin.health?.() ?? []).filter((dependency) => !dependency.up);
  return [
    row('mode', `${mode}, streaming ${streaming ? streamingMode : 'off'}`),
    ...(upstream === undefined ? [] : [row('upstream', upstreamLine(upstream))]),
    row('exact', exactCache(find(ExactCachePlugin))),
    row('semantic', semanticCache(find(SemanticCachePlugin), mode)),
    row('keys', clientKeys(find(ClientKeysPlugin))),
    row('guards', guards([find(SecurityGuardPlugin), find(PrivacyGuardPlugin), find(UsageGuardPlugin)])),
    // audit_url is a secret directive: its host is shown, never its path.
    row('audit', audit === undefined ? 'off' : `delivering to ${displayUrl(audit.options.url, { path: false })}`),
    ...(custom.length === 0 ? [] : [row('plugins', custom.join(', '))]),
    ...(down.length === 0 ? [] : [row('down', downLine(down, mode, url))]),
    row('metrics', `${url}/metrics`),
    row('probes', `${url}/healthz, /startupz, /readyz`),
    ...(runtime.settings.dashboardEnabled ? [row('dashboard', `${url}/dashboard`)] : []),
    row('clients', `baseURL ${url}/v1, e.g. curl ${url}/v1/models`),
  ];
}

/** The mode and where keys come from; never a key, a hash or a store's address. */
function clientKeys(plugin: ClientKeysPlugin | undefined): string {
  const options = plugin?.options;
  if (options === undefined || options.clientAuth === 'off') return 'off (every client is tenant default)';
  const sources = [
    ...(options.keys.length > 0 ? [`${options.keys.length} in the config`] : []),
    ...(options.keysFile === undefined ? [] : ['a keys file']),
    ...(options.redis ? ['redis'] : []),
  ];
  return `${options.clientAuth}${sources.length > 0 ? `, from ${sources.join(', ')}` : ', but no key is configured'}`;
}

function row(label: string, value: string): string {
  return `  ${label.padEnd(9)} ${value}`;
}

function exactCache(plugin: ExactCachePlugin | undefined): string {
  if (plugin === undefined) return 'off';
  const { kvUrl, maxEntries } = plugin.options;
  // kv_url is a secret directive: scheme and host only.
  return kvUrl === undefined
    ? `memory (up to ${maxEntries.toLocaleString('en-US')} entries)`
    : `redis ${displayUrl(kvUrl, { path: false })}`;
}

function semanticCache(plugin: SemanticCachePlugin | undefined, mode: Runtime['settings']['mode']): string {
  if (plugin === undefined) return 'off';
  const { store, embedding, threshold } = plugin.options;
  const where =
    store.vectordbUrl === undefined
      ? `hnsw in ${storeLocation(store, mode)}`
      : `qdrant ${displayUrl(store.vectordbUrl, { path: false })} collection ${storeLocation(store, mode)}`;
  const embedder =
    embedding.provider === 'local'
      ? `local embedder (${embedding.localDims} dims)`
      : `embedder ${embedding.model}${embedding.baseUrl === undefined ? '' : ` at ${displayUrl(embedding.baseUrl)}`}`;
  return `${where}, ${embedder}, threshold ${threshold}`;
}

type Guard = SecurityGuardPlugin | PrivacyGuardPlugin | UsageGuardPlugin;

function guards(all: readonly (Guard | undefined)[]): string {
  const on = all.filter((guard): guard is Guard => guard !== undefined);
  if (on.length === 0) return 'none';
  const failOpen = new Set(on.map((guard) => guard.options.failOpen));
  const policy = (open: boolean) => (open ? 'fail-open' : 'fail-closed');
  const shown = on.map((guard) => {
    const { url, mode, failOpen: open } = guard.options;
    const where = url === 'local' ? 'built-in' : `module ${displayUrl(url)}`;
    const details = [where, ...(mode === undefined ? [] : [mode]), ...(failOpen.size > 1 ? [policy(open)] : [])];
    return `${guard.name.replace(/-guard$/, '')} (${details.join(', ')})`;
  });
  return `${shown.join(', ')}${failOpen.size === 1 ? `; ${policy(on[0]!.options.failOpen)}` : ''}`;
}

/** Dependencies that are down, each pointing where its reason is: the probe it fails, or else the log. */
function downLine(down: readonly DependencyHealth[], mode: Mode, url: string): string {
  const byPlace = new Map<string, string[]>();
  for (const dependency of down) {
    const place = explainedAt(dependency, mode, url);
    byPlace.set(place, [...(byPlace.get(place) ?? []), dependency.name]);
  }
  return [...byPlace].map(([place, names]) => `${names.join(', ')} (${place} says why)`).join('; ');
}

function explainedAt(dependency: DependencyHealth, mode: Mode, url: string): string {
  if (!dependency.readinessRequired) return 'the log';
  if (!dependency.initialised) return `${url}/startupz`;
  // Observe mode stays ready through cache outages (probes.ts).
  return mode === 'enforce' ? `${url}/readyz` : 'the log';
}

/** Each upstream's base URL, credentials masked; a named block by its name. */
function upstreamLine(upstream: OpenAIUpstreamPlugin): string {
  return (
    upstream
      .upstreams()
      // The one upstream of upstream_base_url is shown as written, its userinfo masked (***@) but named.
      .map((u) => (u.name === 'default' ? displayUrl(upstream.options.baseUrl) : `${u.name} ${displayUrl(u.base_url)}`))
      .join(', ')
  );
}
