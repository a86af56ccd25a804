/**
 * @acme/sluice-topic-guard: a sluice guard plugin shipped as its own package. A gateway config
 * file loads it with a block:
 *
 *     plugin @acme/sluice-topic-guard { allowed_topics billing support; }
 */
import { definePluginModule, directivesOf, optionsFromConfig } from '@sluice/config';
import { TopicGuardOptionsSchema } from './options.js';
import { PLUGIN_NAME, TopicGuardPlugin } from './plugin.js';

export { TopicGuardPlugin, PLUGIN_NAME, TOPIC_GUARD_STAGE } from './plugin.js';
export { TOPIC_GUARD_ERRORS } from './errors.js';
export { TopicGuardOptionsSchema, DEFAULT_BLOCK_REASON, type TopicGuardOptions, type TopicGuardOptionsInput } from './options.js';
export { TopicMatcher, stem, userTexts, words, type MatchMode } from './topic-match.js';
export { OFF_TOPIC_RULE, type TopicDecision } from './topic-evidence.js';

// #region module
/**
 * What the gateway looks for when a config file names this package in a `plugin` block: the
 * block's directives, and how to make the plugin from their values (at every start and reload).
 * @example
 * const plugin = sluicePlugin.create(values, { packageName: '@acme/sluice-topic-guard', file: 'gateway.conf' });
 */
export const sluicePlugin = definePluginModule({
  name: PLUGIN_NAME,
  // The block's directives and the options' defaults both come from the options schema.
  directives: directivesOf(TopicGuardOptionsSchema),
  create: (values) => new TopicGuardPlugin(optionsFromConfig(TopicGuardOptionsSchema, values)),
});
// #endregion module
