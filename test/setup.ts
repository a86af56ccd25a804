/** Mocha root hooks: no child process outlives the test that started it. */
import { killAllChildren } from './fixtures/child-process.js';

export const mochaHooks = {
  async afterEach(): Promise<void> {
    await killAllChildren();
  },
};
