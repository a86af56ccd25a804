/** A kernel with the usage guard and a counting stub upstream, and a policy file written to a temp dir. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Exchange, Kernel, type ChatMessage, type EvidenceEvent } from '@sluice/core';
import { UsageGuardPlugin, type UsageGuardOptionsInput } from '@sluice/plugin-usage-guard';
import { pino } from 'pino';
import { metricValue, tapStubUpstream } from '../../fixtures/stub-upstream.js';

/** Categories and two policies: `standard` (the default) and `strict` (tenant acme). */
export const TEST_POLICY = {
  version: 'test-1',
  categories: {
    legal_advice: { keywords: ['lawsuit', 'attorney'], patterns: ['\\bsue (?:my|the)\\b'] },
    medical_dosage: { keywords: ['dosage'], patterns: ['\\b\\d+\\s?mg\\b'], severity: 'high' },
    weapons: { keywords: ['firearm', 'explosive'], severity: 'critical' },
  },
  policies: {
    standard: { denied_categories: ['weapons'], models: ['test-model', 'gpt-4o*'] },
    strict: {
      allowed_categories: ['general'],
      denied_categories: ['weapons'],
      // A day: a test's few requests never straddle the window's end (engine tests move a clock instead).
      quotas: [{ id: 'daily', window: 'day', requests: 2 }],
    },
  },
  default_policy: 'standard',
  tenants: { acme: 'strict' },
};

/** Writes a policy file (JSON, or raw text as given) to a fresh temp dir; `remove` deletes it. */
export async function writePolicy(policy: unknown): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sluice-usage-'));
  const file = path.join(dir, 'usage-policy.json');
  await writeFile(file, typeof policy === 'string' ? policy : JSON.stringify(policy, null, 2));
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface AskOptions {
  tenant?: string;
  model?: string;
  messages?: ChatMessage[];
}

export interface UsageUnderTest {
  kernel: Kernel;
  plugin: UsageGuardPlugin;
  upstreamCalls: () => number;
  /** Evidence events of the usage guard (source usage_guard), in order. */
  events: EvidenceEvent[];
  ask(content: string, options?: AskOptions): Promise<Exchange>;
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

export async function usageKernel(options: UsageGuardOptionsInput = {}): Promise<UsageUnderTest> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  const plugin = new UsageGuardPlugin(options);
  kernel.use(plugin);
  const upstreamCalls = tapStubUpstream(kernel);
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('test', (event) => {
    if (event.source === 'usage_guard') events.push(event);
  });
  await kernel.start();
  return {
    kernel,
    plugin,
    upstreamCalls,
    events,
    async ask(content, ask = {}) {
      const messages = ask.messages ?? [{ role: 'user', content }];
      const exchange = new Exchange({
        request: { model: ask.model ?? 'test-model', messages },
        ...(ask.tenant ? { tenant: ask.tenant } : {}),
      });
      await kernel.run(exchange);
      return exchange;
    },
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
    close: () => kernel.stop(),
  };
}
