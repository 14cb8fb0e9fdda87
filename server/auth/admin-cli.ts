import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { loadConfig } from '../config';
import { existsSync } from 'node:fs';
import { databaseWords, openDatabase, sqliteFile } from '../db/database';
import { migrate } from '../db/migrate';
import { forget } from '../quota/counters';
import { hashPassword } from './password';
import { nameDayKey } from './routes';

/**
 * npm run admin:create -- <name>: creates or resets an admin; the password comes from ADMIN_PASSWORD or
 * stdin (not shown as it is typed). A reset also lifts the name's lock after too many failed sign-ins a
 * day (LOGIN_FAILURES_PER_NAME).
 */
const name = process.argv[2] ?? 'admin';
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  // Typed at a terminal, the password is not shown: readline echoes what it reads to its output, which
  // lets the prompt through and drops the rest. Piped in, nothing is echoed anyway.
  let shown = true;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (shown) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  const answer = rl.question(`Password for admin '${name}': `);
  shown = false;
  password = (await answer).trim();
  rl.close();
  process.stdout.write('\n');
}
if (!password || password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(1);
}
const config = loadConfig({ ...process.env, ADMIN_PASSWORD: undefined });
const fresh = !config.databaseUrl && !existsSync(sqliteFile(config.dataDir));
const { db, dialect } = openDatabase(config);
await migrate(db, dialect);
const row = { name, password_hash: await hashPassword(password), created_at: new Date().toISOString() };
await db.deleteFrom('admins').where('name', '=', name).execute();
await db.insertInto('admins').values(row).execute();
// A reset password ends the admin's open sessions (they would be refused anyway: their fingerprint changed).
await db.deleteFrom('admin_sessions').where('admin', '=', name).execute();
await forget(db, nameDayKey(name));
console.log(`Admin '${name}' saved in ${databaseWords(config)}.`);
if (fresh)
  console.log(
    "That database is new: the server uses it when started with the same DATA_DIR (or DATABASE_URL); run this command with the service's environment to reach its database.",
  );
await db.destroy();
