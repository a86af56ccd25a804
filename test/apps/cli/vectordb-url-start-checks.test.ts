import assert from 'node:assert/strict';
import { writeConfig } from './gateway-process.js';
import { sluiceProcess } from './run-sluice.js';

/** Nothing reachable, nothing listening on a fixed port. */
const BASE =
  'listen_addr 127.0.0.1:0;\nlog_level silent;\nupstream_base_url http://127.0.0.1:9/v1;\nsemantic_cache_enabled on;\n';

describe('sluice gateway: a vectordb_url with a path or query', function () {
  // Two processes a row, which take seconds on a busy machine.
  this.timeout(60_000);

  for (const failOpen of ['on', 'off']) {
    it(`is refused by the start and by --test-config alike, at its line, with semantic_fail_open ${failOpen}`, async () => {
      const file = await writeConfig(
        `${BASE}semantic_fail_open ${failOpen};\nvectordb_url "http://qd:qd-secret-4@127.0.0.1:9/collections?api_key=qd-secret-5";\n`,
      );
      const [start, test] = await Promise.all([
        sluiceProcess(['gateway', '--config', file]),
        sluiceProcess(['gateway', '--config', file, '--test-config']),
      ]);
      assert.equal(start.code, 1, `the start: ${start.err}${start.out}`);
      assert.match(
        start.err,
        /:6:1: vectordb_url: must name a host and port only, without a path or query; did you mean "http:\/\/127\.0\.0\.1:9"\?/,
      );
      assert.equal(test.code, 1, `--test-config: ${test.err}${test.out}`);
      assert.equal(test.err, start.err);
      assert.ok(!/qd-secret/.test(start.err + start.out), start.err);
    });
  }
});
