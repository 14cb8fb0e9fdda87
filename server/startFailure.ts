/**
 * What stopped the server's start, in one line for the operator (server/main.ts): the database that
 * cannot be reached or migrated, the port already taken or not allowed. A password in DATABASE_URL is
 * never repeated.
 */
export function startFailure(error: unknown, databaseUrl: string | null): string {
  const e = error as { code?: unknown; message?: unknown; address?: unknown; port?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  // a socket's errors only: a file the server cannot open is EACCES too (its message names the file)
  const socket = (e as { syscall?: unknown })?.syscall;
  if (
    (socket === 'listen' || socket === 'bind') &&
    (e.code === 'EADDRINUSE' || e.code === 'EACCES' || e.code === 'EADDRNOTAVAIL')
  ) {
    const where = `${String(e.address ?? 'HOST')}:${String(e.port ?? 'PORT')}`;
    const why =
      e.code === 'EADDRINUSE'
        ? 'is already in use (another copy of the server?)'
        : e.code === 'EACCES'
          ? 'is not allowed to this user (a port under 1024?)'
          : 'is not an address of this machine';
    return `${where} ${why}: set PORT (and HOST) to a free address`;
  }
  if (databaseUrl !== null) return `PostgreSQL at ${redacted(databaseUrl)}: ${message} (DATABASE_URL)`;
  return message;
}

/** A postgres:// URL without its password. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
