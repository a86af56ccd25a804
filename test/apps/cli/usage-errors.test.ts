import assert from 'node:assert/strict';
import { sluiceInProcess, sluiceProcess, type Ran } from './run-sluice.js';

/** A usage error: exit 2, nothing on stdout, exactly one line on stderr ending in a hint in parentheses. */
function assertUsageError(ran: Ran, line: RegExp): void {
  assert.equal(ran.code, 2, ran.err);
  assert.equal(ran.out, '');
  const lines = ran.err.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, ran.err);
  assert.match(lines[0]!, line);
  assert.match(lines[0]!, / \([^()]+\)$/, 'a hint at the end');
}

describe('sluice: usage errors', function () {
  // Each case starts the installed command as a process, which takes seconds on a busy machine.
  this.timeout(60_000);
  it('an unknown command: one line with a did-you-mean and where the commands are listed, exit 2', async () => {
    assertUsageError(
      await sluiceProcess(['gatway']),
      /^sluice: unknown command "gatway"; did you mean "gateway"\? \(sluice --help lists commands\)$/,
    );
    assertUsageError(
      await sluiceInProcess('frobnicate'),
      /^sluice: unknown command "frobnicate" \(sluice --help lists commands\)$/,
    );
    assertUsageError(await sluiceInProcess('help', 'licence'), /unknown command "licence"; did you mean "license"\?/);
  });

  it('an unknown flag: one line naming the command and the nearest flag, exit 2', async () => {
    assertUsageError(
      await sluiceProcess(['gateway', '--confg', 'gateway.conf']),
      /^sluice gateway: unknown flag "--confg"; did you mean "--config"\? \(sluice gateway --help lists its flags\)$/,
    );
    assertUsageError(await sluiceInProcess('--verison'), /^sluice: unknown flag "--verison"; did you mean "--version"\?/);
    assertUsageError(
      await sluiceInProcess('vector-cache', '--progres'),
      /^sluice vector-cache: unknown flag "--progres"; did you mean "--progress"\?/,
    );
    assertUsageError(await sluiceInProcess('license', 'issue', '--colour'), /^sluice license issue: unknown flag "--colour"/);
    assertUsageError(await sluiceInProcess('guard', 'usage', '-x'), /^sluice guard usage: unknown flag "-x"/);
  });

  it('an unknown subcommand or guard kind, with a did-you-mean', async () => {
    assertUsageError(
      await sluiceInProcess('license', 'veryfy'),
      /^sluice license: unknown subcommand "veryfy"; did you mean "verify"\?/,
    );
    assertUsageError(
      await sluiceProcess(['guard', 'secuirty']),
      /^sluice guard: unknown guard "secuirty"; did you mean "security"\?/,
    );
  });

  it('a missing or malformed value, and flags that do not go together', async () => {
    assertUsageError(await sluiceInProcess('gateway', '--config'), /^sluice gateway: --config needs a value/);
    assertUsageError(await sluiceInProcess('gateway', '--help=yes'), /^sluice gateway: --help takes no value/);
    assertUsageError(await sluiceInProcess('gateway', 'serve'), /^sluice gateway: unexpected argument "serve"/);
    assertUsageError(
      await sluiceInProcess('gateway', '--test-config', '--print-config'),
      /^sluice gateway: --test-config and --print-config cannot be combined/,
    );
    assertUsageError(
      await sluiceInProcess('gateway', '--test-config', '--progress'),
      /^sluice gateway: --progress goes with serving or --prune-expired-semantic-cache, not --test-config/,
    );
    assertUsageError(await sluiceInProcess('guard', 'privacy'), /^sluice guard privacy: --listen is required \(e\.g\. --listen /);
    assertUsageError(await sluiceInProcess('audit', '--listen', '127.0.0.1:0'), /^sluice audit: --data or --store is required/);
    assertUsageError(
      await sluiceInProcess('license', 'issue', '--org', 'acme', '--tier', 'pro', '--days', 'ten', '--key', 'k'),
      /^sluice license issue: --days must be a positive integer, got "ten"/,
    );
  });
});
