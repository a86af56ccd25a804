/** `/startupz` and `/readyz` from the health the plugins report. */
import type { DependencyHealth, Kernel } from '@sluice/core';

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
