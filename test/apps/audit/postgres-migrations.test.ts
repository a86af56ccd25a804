import assert from 'node:assert/strict';
import pg from 'pg';
import { migrateAuditSchema, PostgresAuditStore, POSTGRES_MIGRATIONS } from '@sluice/audit';
import { describePostgres, sqlOn } from '../../fixtures/postgres.js';

const versions = (url: string) =>
  sqlOn<{ version: number }>(url, 'SELECT version FROM schema_version ORDER BY version').then((rows) =>
    rows.map((r) => r.version),
  );

describePostgres('audit store on PostgreSQL: schema migrations', (postgres) => {
  const latest = POSTGRES_MIGRATIONS.map((m) => m.version);

  it('migrates once when two modules start at the same moment, and not again on a later start', async () => {
    const url = await postgres.database();
    const both = await Promise.all([PostgresAuditStore.open(url), PostgresAuditStore.open(url)]);
    try {
      const applied = both.map((store) => store.migrationsApplied).sort((a, b) => b.length - a.length);
      assert.deepEqual(applied, [latest, []]);
      const third = await PostgresAuditStore.open(url);
      assert.deepEqual(third.migrationsApplied, []);
      await third.close();
      assert.deepEqual(await versions(url), latest);
    } finally {
      for (const store of both) await store.close();
    }
  });

  it('refuses a database a newer release migrated, changing nothing', async () => {
    const url = await postgres.database();
    await (await PostgresAuditStore.open(url)).close();
    await sqlOn(url, "INSERT INTO schema_version (version, name) VALUES (99, 'from the future')");
    await assert.rejects(PostgresAuditStore.open(url), /schema version 99, this release knows up to 1: run a newer sluice/);
    assert.deepEqual(await versions(url), [...latest, 99]);
  });

  it('rolls a failing migration back whole: its tables and its version are not recorded', async () => {
    const url = await postgres.database();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    // Dropping the database after the test ends its idle connection: that must not end the test run.
    pool.on('error', () => undefined);
    try {
      const broken = {
        version: 2,
        name: 'broken',
        sql: 'CREATE TABLE half_done (id integer); SELECT no_such_column FROM events',
      };
      await assert.rejects(migrateAuditSchema(pool, [...POSTGRES_MIGRATIONS, broken]), /no_such_column/);
      const tables = await sqlOn(url, "SELECT to_regclass('half_done') AS half, to_regclass('events') AS events");
      assert.deepEqual(tables, [{ half: null, events: null }]);
      assert.deepEqual(await migrateAuditSchema(pool), latest);
    } finally {
      await pool.end();
    }
  });
});
