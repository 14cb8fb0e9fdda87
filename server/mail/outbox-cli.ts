import { loadConfig } from '../config';
import { existsSync } from 'node:fs';
import { databaseWords, openDatabase, sqliteFile } from '../db/database';
import { migrate } from '../db/migrate';
import { nextAttemptText, pendingMail } from './outbox';

/** npm run outbox: lists the messages waiting for delivery (no SMTP configured, or SMTP down). */
const config = loadConfig();
// Run without the service's environment, ./data would be read (or made) instead of the service's database.
if (!config.databaseUrl && !existsSync(sqliteFile(config.dataDir))) {
  console.error(
    `No database at ${sqliteFile(config.dataDir)}: run with the service's environment (its DATA_DIR or DATABASE_URL).`,
  );
  process.exit(1);
}
console.log(`Outbox of ${databaseWords(config)}:`);
const { db, dialect } = openDatabase(config);
await migrate(db, dialect);
const rows = await pendingMail(db);
if (rows.length === 0) console.log('The outbox is empty: every message was delivered.');
for (const r of rows) {
  console.log(`#${r.id} to ${r.recipient} | ${r.subject} | queued ${r.created_at} | attempts ${r.attempts}`);
  if (r.last_error) console.log(`    last error: ${r.last_error}`);
  console.log(`    ${nextAttemptText(r, config)}`);
  console.log(r.body.replace(/^/gm, '    '));
}
await db.destroy();
