import { describePostgres, sqlOn } from '../../fixtures/postgres.js';
import { postgresBackend } from './store-backends.js';
import { storeBehaviours } from './store-behaviours.js';

describePostgres('audit store behaviours: PostgreSQL', (postgres) => {
  storeBehaviours(async () => postgresBackend(await postgres.database(), sqlOn));
});
