/** The messages of the ConfigErrors a resolve throws, for tests that check what a file is told. */
import assert from 'node:assert/strict';
import { ConfigErrors } from '@sluice/config';

export function configProblems(resolve: () => unknown): string[] {
  try {
    resolve();
  } catch (error) {
    assert.ok(error instanceof ConfigErrors);
    return error.errors.map((e) => e.message);
  }
  assert.fail('expected ConfigErrors');
}
