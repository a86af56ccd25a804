import assert from 'node:assert/strict';
import { validateOptions, type Kernel, type Plugin } from '@sluice/core';
import {
  ConfigErrors,
  definePluginModule,
  directive,
  directivesOf,
  inherits,
  optionsFromConfig,
  parseConfig,
  resolveConfig,
  type DirectiveValues,
} from '@sluice/config';
import { GatewaySettingsSchema } from '@sluice/preset-gateway';
import Type from 'typebox';

// #region schema
/** Options of a FAQ plugin, each declared once: its type, default and checks, and the directive that sets it. */
export const FaqOptionsSchema = Type.Object(
  {
    /** Questions answered from the list; a block writes them as `faq_topics billing refunds;`. */
    topics: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      ...directive('faq_topics', { word: 'topic', summary: 'Topics the FAQ answers. Required.' }),
    }),
    ttlSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 3600,
      ...directive('faq_ttl', { unit: 'duration', summary: 'How long an answer is kept.' }),
    }),
    redisUrl: Type.Optional(
      Type.String({
        pattern: '^rediss?://',
        ...directive('faq_redis_url', { word: 'url', secret: true, summary: 'Where answers are kept; absent: in memory.' }),
      }),
    ),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 10,
      ...directive('faq_timeout_seconds', {
        unit: 'duration',
        inherits: 'request_timeout_seconds',
        summary: 'Longest a lookup may take.',
      }),
    }),
    /** No directive of its own: the gateway-wide `guard_fail_open`, said here, where it is read. */
    failOpen: Type.Boolean({ default: false, ...inherits('guard_fail_open') }),
    /** No directive at all: set in code only. */
    label: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
// #endregion schema

type FaqOptions = Type.Static<typeof FaqOptionsSchema>;

class FaqPlugin implements Plugin {
  readonly name = 'faq';
  readonly options: Readonly<FaqOptions>;

  constructor(options: Partial<FaqOptions>) {
    this.options = validateOptions(this.name, FaqOptionsSchema, options);
  }

  apply(kernel: Kernel): void {
    kernel.hooks.cacheLookup.tap(this.name, () => undefined);
  }
}

// #region module
export const sluicePlugin = definePluginModule({
  name: 'faq',
  // The block's directives come from the schema, and so do the defaults of the options it makes.
  directives: directivesOf(FaqOptionsSchema),
  create: (values) => new FaqPlugin(optionsFromConfig(FaqOptionsSchema, values)),
});
// #endregion module

const block = (text: string, ...sets: (typeof sluicePlugin.directives)[]) =>
  resolveConfig(parseConfig(text, { file: 'faq.conf', env: {} }), [sluicePlugin.directives, ...sets]);

describe('a plugin module whose options are declared once', () => {
  it('makes its plugin from a block, defaults from the schema', () => {
    const plugin = sluicePlugin.create(block('faq_topics billing "gift cards";\nfaq_ttl 2m;\n'), {
      packageName: './faq.js',
      file: 'faq.conf',
    }) as FaqPlugin;
    assert.deepEqual(plugin.options, { topics: ['billing', 'gift cards'], ttlSeconds: 120, timeoutSeconds: 10, failOpen: false });
  });

  it('reads the gateway-wide settings it inherits from the file they are written in', () => {
    const values = block(
      'faq_topics billing;\nguard_fail_open on;\nrequest_timeout_seconds 3;\n',
      directivesOf(GatewaySettingsSchema),
    );
    const plugin = sluicePlugin.create(values, { packageName: './faq.js', file: 'faq.conf' }) as FaqPlugin;
    assert.equal(plugin.options.failOpen, true);
    assert.equal(plugin.options.timeoutSeconds, 3);
  });

  it('names a required directive left out, and checks words with positions', () => {
    const empty: DirectiveValues = block('faq_ttl 5;');
    assert.throws(() => optionsFromConfig(FaqOptionsSchema, empty), { name: 'ConfigError', message: 'faq_topics is not set' });
    assert.throws(
      () => block('faq_topics billing;\nfaq_redis_url http://x;\n'),
      (error: unknown) =>
        error instanceof ConfigErrors && /^faq\.conf:2:15: faq_redis_url: <url> must match pattern/.test(error.message),
    );
  });
});
