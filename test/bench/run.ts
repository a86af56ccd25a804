/** `npm run bench -- <suite>`: runs one benchmark suite and prints its table. */
import { benchGateway } from './gateway.js';
import { benchPeers } from './peers.js';
import { benchVectorCache } from './vector-cache.js';

const SUITES: Record<string, () => Promise<void>> = {
  gateway: benchGateway,
  peers: benchPeers,
  'vector-cache': benchVectorCache,
  'guard-cost': async () => (await import('./guards/request-cost.js')).benchGuardRequestCost(),
  'scan-growth': async () => (await import('./guards/scan-growth.js')).benchScanGrowth(),
  'evidence-bounds': async () => (await import('./evidence/bounds-cost.js')).benchEvidenceBounds(),
  responses: async () => (await import('./responses/pass-through.js')).benchResponsesPassThrough(),
  fleet: async () => (await import('./fleet.js')).benchFleet(),
  topologies: async () => (await import('./topologies.js')).benchTopologies(),
};

const name = process.argv[2] ?? 'gateway';
const suite = SUITES[name];
if (suite === undefined) {
  console.error(`unknown benchmark suite "${name}"; known: ${Object.keys(SUITES).join(', ')}`);
  process.exit(1);
}
await suite();
