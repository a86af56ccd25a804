/**
 * The vector answer cache in a process of its own, started in code from the `SVC_*` environment the way
 * `sluice vector-cache` starts it, without loading the CLI's other commands. SIGTERM drains, saves, exits.
 */
import { VectorCacheService } from '@sluice/vector-cache';
import { answerCollectRequests } from './collect-garbage.js';

const service = await VectorCacheService.start(process.env);
answerCollectRequests();
console.log(`listening on ${service.url}`);
process.once('SIGTERM', () => {
  service.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`vector cache shutdown failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
});
