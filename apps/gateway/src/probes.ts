/** `/startupz` and `/readyz` from the health the plugins report, and the upstreams `/version` lists. */
import type { DependencyHealth, Kernel } from '@sluice/core';
import { OpenAIUpstreamPlugin, type UpstreamStatus } from '@sluice/plugin-openai-upstream';

export interface ProbeResult {
  readonly ok: boolean;
  readonly reason?: string;
}

function requiredDependencies(kernel: Kernel): DependencyHealth[] {
  return kernel.plugins.flatMap((plugin) => plugin.health?.() ?? []).filter((d) => d.readinessRequired);
}

/** 200 once every readiness-required dependency was initialised in this process (no no-op stand-ins). */
export function startupProbe(kernel: Kernel): ProbeResult {
  const missing = requiredDependencies(kernel).find((d) => !d.initialised);
  return missing === undefined
    ? { ok: true }
    : { ok: false, reason: `${missing.name} not initialised: ${missing.reason ?? 'unavailable at start'}` };
}

/** Ready unless shutting down or a readiness-required dependency is down; observe mode ignores cache outages. */
export function readinessProbe(kernel: Kernel, shuttingDown: boolean): ProbeResult {
  if (shuttingDown) return { ok: false, reason: 'shutting down' };
  if (kernel.mode === 'observe') return { ok: true };
  const down = requiredDependencies(kernel).find((d) => d.initialised && !d.up);
  return down === undefined ? { ok: true } : { ok: false, reason: `${down.name} down: ${down.reason ?? 'not answering'}` };
}

/**
 * `/readyz?verbose`: one line per dependency a plugin reports, required or not (`[+]` up, `[-]` down or not
 * initialised, with its reason), then the verdict, so an operator sees an upstream's open breaker even
 * while the gateway stays ready.
 */
export function readinessDetail(kernel: Kernel, shuttingDown: boolean): string {
  const lines = kernel.plugins
    .flatMap((plugin) => plugin.health?.() ?? [])
    .map((d) => {
      const ok = d.initialised && d.up;
      const note = ok ? 'ok' : (d.reason ?? (d.initialised ? 'down' : 'not initialised'));
      return `[${ok ? '+' : '-'}] ${d.name}${d.readinessRequired ? '' : ' (not required)'}: ${note}`;
    });
  const result = readinessProbe(kernel, shuttingDown);
  return [...lines, result.ok ? 'ready' : `not ready: ${result.reason ?? 'unknown'}`].join('\n');
}

/** The upstreams the kernel calls, with their masked base URLs and breaker states; none without the upstream plugin. */
export function upstreamStatuses(kernel: Kernel): UpstreamStatus[] {
  const plugin = kernel.plugins.find((p): p is OpenAIUpstreamPlugin => p instanceof OpenAIUpstreamPlugin);
  return plugin?.upstreams() ?? [];
}
