/** Resolves semantic-cache config text as a gateway would, with the settings it inherits declared by their owners. */
import Type from 'typebox';
import { directivesOf, parseConfig, resolveConfig, type DirectiveSet } from '@sluice/config';
import { SemanticCacheOptionsSchema } from '@sluice/plugin-semantic-cache';

/** The settings the semantic cache inherits, as their owners declare them (the gateway and the exact cache). */
const OWNERS: DirectiveSet = {
  request_timeout_seconds: {
    summary: 'Outbound timeout.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 120,
  },
  exact_cache_volatile_user: { summary: 'Volatile user.', args: [{ name: 'flag', schema: Type.Boolean() }], default: false },
};

export const resolveSemanticConfig = (text: string) =>
  resolveConfig(parseConfig(text, { file: 'semantic.conf', env: {} }), [OWNERS, directivesOf(SemanticCacheOptionsSchema)]);
