import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ConfigErrors, optionsFromConfig, type DirectiveValues } from '@sluice/config';
import { PluginOptionsError } from '@sluice/core';
import { parseGatewayConfig } from '@sluice/preset-gateway';
import { DEFAULT_BLOCK_REASON, TopicGuardOptionsSchema, TopicGuardPlugin } from '../src/index.js';

/** A config file beside the package, so that `plugin @acme/sluice-topic-guard` resolves as it does for gateway.conf. */
const FILE = join(import.meta.dirname, '..', 'block.conf');

/** The values of the package's block in a gateway config. */
async function blockValues(block: string): Promise<DirectiveValues> {
  const config = await parseGatewayConfig(`plugin @acme/sluice-topic-guard {\n${block}\n}\n`, FILE, { env: {} });
  assert.equal(config.plugins.length, 1);
  return config.plugins[0]!.values;
}

describe('topic guard: options and directives', () => {
  it('fills defaults and freezes the options', () => {
    const plugin = new TopicGuardPlugin({ allowedTopics: ['billing'] });
    assert.deepEqual(plugin.options, {
      allowedTopics: ['billing'],
      matchMode: 'stem',
      blockResponse: 'error_json',
      blockReason: DEFAULT_BLOCK_REASON,
    });
    assert.ok(Object.isFrozen(plugin.options) && Object.isFrozen(plugin.options.allowedTopics));
  });

  it('refuses bad options at once, naming the plugin and every bad field', () => {
    const bad = { allowedTopics: [], matchMode: 'fuzzy', colour: 'red' } as unknown as ConstructorParameters<
      typeof TopicGuardPlugin
    >[0];
    assert.throws(
      () => new TopicGuardPlugin(bad),
      (error: unknown) => {
        assert.ok(error instanceof PluginOptionsError);
        assert.equal(error.plugin, 'topic-guard');
        const paths = error.problems.map((p) => p.path);
        for (const path of ['allowedTopics', 'matchMode', 'colour'])
          assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
        return true;
      },
    );
    assert.throws(() => new TopicGuardPlugin({ allowedTopics: ['ok', '?!'] }), /topic "\?!" has no letters or digits/);
  });

  it('reads a block: variadic topics, quoted phrases and defaults', async () => {
    const values = await blockValues('allowed_topics billing "payment method" support;\nblock_response completion;');
    assert.deepEqual(optionsFromConfig(TopicGuardOptionsSchema, values), {
      allowedTopics: ['billing', 'payment method', 'support'],
      matchMode: 'stem',
      blockResponse: 'completion',
      blockReason: DEFAULT_BLOCK_REASON,
    });
  });

  it('refuses a block without allowed_topics, and a wrong word with its position', async () => {
    const problems = async (block: string) => {
      try {
        await blockValues(block);
      } catch (error) {
        assert.ok(error instanceof ConfigErrors);
        return error.errors.map((e) => e.message.replace(`${FILE.replace(/block\.conf$/, '')}`, ''));
      }
      throw new Error('the block was accepted');
    };
    assert.deepEqual(await problems('match_mode word;'), [
      'block.conf:1:1: plugin @acme/sluice-topic-guard: allowed_topics is not set',
    ]);
    const [wrongWord, ...more] = await problems('allowed_topics billing;\nmatch_mode fuzzy;');
    assert.match(
      wrongWord ?? '',
      /^block\.conf:3:12: plugin @acme\/sluice-topic-guard: match_mode: <mode> must be .*stem.*"fuzzy"/,
    );
    assert.deepEqual(more, []);
  });
});
