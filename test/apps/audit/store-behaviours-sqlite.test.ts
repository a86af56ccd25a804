import { sqliteBackend } from './store-backends.js';
import { storeBehaviours } from './store-behaviours.js';

describe('audit store behaviours: SQLite', () => {
  storeBehaviours(sqliteBackend);
});
