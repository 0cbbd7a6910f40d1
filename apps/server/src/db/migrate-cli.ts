import { loadConfig } from '../config.ts';
import { openDb } from './db.ts';
import { migrate } from './migrate.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
