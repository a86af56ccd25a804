import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ResolvedConfig } from '@sluice/config';
import { loadPluginBlocks, parseConfig, printConfig, type PluginBlocksResult } from '@sluice/config';
import { TOPIC_GUARD_SOURCE, writePluginPackages, type PluginPackages } from '../../fixtures/plugin-packages.js';

describe('config plugin blocks', () => {
  let packages: PluginPackages;
  let dir: string;

  before(async () => {
    packages = await writePluginPackages({
      '@acme/sluice-topic-guard': TOPIC_GUARD_SOURCE,
      '@acme/renamed-twin': TOPIC_GUARD_SOURCE,
      './local-plugin.js': TOPIC_GUARD_SOURCE,
      'no-export': 'export const somethingElse = 1;',
      'throws-on-import': "throw new Error('database driver missing\\n    at somewhere');",
      'needs-missing': "import 'left-pad-that-is-not-installed';",
    });
    dir = packages.dir;
  });

  after(() => packages.remove());

  const load = (text: string): Promise<PluginBlocksResult> =>
    loadPluginBlocks(parseConfig(text, { file: join(dir, 'gateway.conf'), env: {} }));

  const messages = (result: PluginBlocksResult) => result.errors.map((e) => e.message.replace(`${dir}/`, ''));

  it('loads a package installed beside the config file and resolves its block against its own directives', async () => {
    const result = await load('log_level info;\nplugin @acme/sluice-topic-guard {\n  allowed_topics billing support;\n}\n');
    assert.deepEqual(result.errors, []);
    assert.deepEqual(
      result.rest.statements.map((s) => s.name),
      ['log_level'],
    );
    const [block] = result.blocks;
    assert.equal(block?.packageName, '@acme/sluice-topic-guard');
    assert.equal(block?.module.name, 'topic-guard');
    assert.deepEqual(block?.values.get('allowed_topics'), ['billing', 'support']);
    assert.equal(block?.values.get('classifier_key'), 'none');
  });

  it('loads a plugin by a path relative to the config file', async () => {
    const result = await load('plugin ./local-plugin.js { allowed_topics billing; }');
    assert.deepEqual(result.errors, []);
    assert.equal(result.blocks[0]?.module.name, 'topic-guard');
  });

  it('names the package and the reason when it cannot be loaded', async () => {
    const result = await load(
      [
        'plugin @acme/not-installed;',
        'plugin no-export;',
        'plugin throws-on-import;',
        'plugin needs-missing;',
        'plugin "not a name";',
      ].join('\n'),
    );
    const [missing, noExport, throws, nested, badName] = messages(result);
    assert.match(
      missing!,
      /^gateway\.conf:1:1: plugin @acme\/not-installed cannot be loaded: it is not installed .*npm install @acme\/not-installed/,
    );
    assert.equal(noExport, 'gateway.conf:2:1: plugin no-export cannot be loaded: it does not export sluicePlugin');
    assert.equal(throws, 'gateway.conf:3:1: plugin throws-on-import cannot be loaded: database driver missing');
    assert.match(nested!, /^gateway\.conf:4:1: plugin needs-missing cannot be loaded: .*left-pad-that-is-not-installed/);
    assert.match(badName!, /^gateway\.conf:5:1: plugin not a name cannot be loaded: it is neither a package name nor a path/);
    assert.equal(result.blocks.length, 0);
  });

  it("checks the block with the package's schema: same errors, positions inside the block", async () => {
    const result = await load('plugin @acme/sluice-topic-guard {\n  allowed_topic billing;\n  classifier_key;\n}\n');
    assert.deepEqual(messages(result), [
      'gateway.conf:2:3: plugin @acme/sluice-topic-guard: unknown directive "allowed_topic"; did you mean "allowed_topics"?',
      'gateway.conf:3:3: plugin @acme/sluice-topic-guard: classifier_key takes 1 word: <key> (found 0)',
    ]);
  });

  it("reports what the plugin's own options schema refuses", async () => {
    const result = await load('plugin @acme/sluice-topic-guard { allowed_topics a b c d; }');
    assert.equal(result.errors.length, 1);
    assert.match(
      messages(result)[0]!,
      /^gateway\.conf:1:1: plugin @acme\/sluice-topic-guard: topic-guard: invalid options: allowedTopics /,
    );
  });

  it('refuses a package loaded twice, two packages with one plugin name, and a block without a package', async () => {
    const result = await load(
      'plugin @acme/sluice-topic-guard { allowed_topics a; }\nplugin @acme/sluice-topic-guard { allowed_topics b; }\nplugin @acme/renamed-twin { allowed_topics c; }\nplugin { }\n',
    );
    assert.deepEqual(messages(result), [
      'gateway.conf:2:1: plugin @acme/sluice-topic-guard is already loaded on line 1',
      'gateway.conf:3:1: plugin @acme/renamed-twin: its plugin name "topic-guard" is already used by @acme/sluice-topic-guard on line 1',
      'gateway.conf:4:1: plugin takes 1 word: <package> (found 0)',
    ]);
  });

  it('prints blocks back with their secrets masked', async () => {
    const result = await load(
      'plugin @acme/sluice-topic-guard { allowed_topics billing "gift cards"; classifier_key sk-live-9; }',
    );
    const printed = printConfig(new ResolvedConfig(join(dir, 'gateway.conf'), [], result.blocks), []);
    assert.match(
      printed,
      /^plugin @acme\/sluice-topic-guard \{\n {4}allowed_topics billing "gift cards";\n {4}classifier_key \*{8};\n\}$/m,
    );
    assert.doesNotMatch(printed, /sk-live-9/);
  });
});
