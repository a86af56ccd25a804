/** What the commands act on: the gateway process of this sequence, and the counts of the whole run. */
import type { LifecycleGateway } from './lifecycle-gateway.js';
import type { SemanticTally } from './semantic-tally.js';

export interface LifecycleReal {
  readonly gateway: LifecycleGateway;
  readonly tally: SemanticTally;
}
