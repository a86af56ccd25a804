/**
 * `sluice gateway --test-config`: every check the start makes that needs no connection, by the start's own
 * code, so a file this accepts is not refused by the start for its contents. The plugins are built as the
 * start builds them (their constructors validate), then each start-time check that reads only files or
 * values runs: the embedder is made (and closed) and the guards' policy files are read.
 */
import { Metrics, type Plugin } from '@sluice/core';
import { type ResolvedConfig } from '@sluice/config';
import { createEmbedder, SemanticCachePlugin } from '@sluice/plugin-semantic-cache';
import { PrivacyGuardPlugin, loadPrivacyPolicies } from '@sluice/plugin-privacy-guard';
import { SecurityGuardEngine, SecurityGuardPlugin, loadSecurityPolicy } from '@sluice/plugin-security-guard';
import { UsageGuardPlugin, loadUsagePolicy } from '@sluice/plugin-usage-guard';
import { buildRuntime, gatewayOptionsFromConfig } from '@sluice/preset-gateway';
import { pino } from 'pino';

/**
 * Why the start would refuse `config` (a saved store aside, which `savedStoreProblem` checks), in the
 * words the start uses; undefined when it would not.
 */
export async function startProblem(config: ResolvedConfig): Promise<string | undefined> {
  let plugins: readonly Plugin[];
  try {
    plugins = buildRuntime(gatewayOptionsFromConfig(config), { logger: pino({ level: 'silent' }), metrics: new Metrics() }).kernel
      .plugins;
  } catch (error) {
    return `cannot start: ${(error as Error).message}`;
  }
  for (const plugin of plugins) {
    try {
      await startChecks(plugin);
    } catch (error) {
      // Kernel.start words a plugin's failed start so.
      return `cannot start: plugin "${plugin.name}" failed to start: ${(error as Error).message}`;
    }
  }
  return undefined;
}

/** The parts of a plugin's `start()` that read files or values only. */
async function startChecks(plugin: Plugin): Promise<void> {
  if (plugin instanceof SemanticCachePlugin) {
    const { embedding, store } = plugin.options;
    // The start's own factory, so its refusals (a missing or unusable base URL) are the start's words.
    const embedder = createEmbedder(embedding, new Metrics(), store.vectorSize);
    await embedder.close?.();
  } else if (plugin instanceof SecurityGuardPlugin) {
    const { policyFile, mode } = plugin.options;
    if (policyFile !== undefined) new SecurityGuardEngine({ mode, policy: await loadSecurityPolicy(policyFile) });
  } else if (plugin instanceof PrivacyGuardPlugin) {
    const { url, policyFile } = plugin.options;
    if (url === 'local' && policyFile !== undefined) await loadPrivacyPolicies(policyFile);
  } else if (plugin instanceof UsageGuardPlugin) {
    const { url, policyFile } = plugin.options;
    if (url === 'local' && policyFile !== undefined) await loadUsagePolicy(policyFile);
  }
}
