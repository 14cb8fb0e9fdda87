import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { forget } from '../quota/counters';
import { hashPassword } from './password';
import { nameDayKey } from './routes';

/**
 * npm run admin:create -- <name>: creates or resets an admin; the password comes from ADMIN_PASSWORD or
 * stdin. A reset also lifts the name's lock after too many failed sign-ins a day (LOGIN_FAILURES_PER_NAME).
 */
const name = process.argv[2] ?? 'admin';
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: false });
  password = (await rl.question(`Password for admin '${name}': `)).trim();
  rl.close();
}
if (!password || password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(1);
}
const config = loadConfig({ ...process.env, ADMIN_PASSWORD: undefined });
const { db, dialect } = openDatabase(config);
await migrate(db, dialect);
const row = { name, password_hash: await hashPassword(password), created_at: new Date().toISOString() };
await db.deleteFrom('admins').where('name', '=', name).execute();
await db.insertInto('admins').values(row).execute();
// A reset password ends the admin's open sessions (they would be refused anyway: their fingerprint changed).
await db.deleteFrom('admin_sessions').where('admin', '=', name).execute();
await forget(db, nameDayKey(name));
console.log(`Admin '${name}' saved.`);
await db.destroy();
