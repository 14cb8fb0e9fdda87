import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { deliverDue } from '../../server/mail/outbox';
import { smtpSend } from '../../server/mail/sender';
import { cookiesOf, freshPlace, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

describe('loadConfig', () => {
  it('gives the embedded defaults', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/rw-config-test' });
    expect(c).toMatchObject({ port: 8080, mode: 'client', databaseUrl: null, smtpUrl: null });
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: '/tmp/rw-config-test' }).sessionSecret).toBe(c.sessionSecret);
  });
  it('lists every bad value, one line each', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        APP_MODE: 'superuser',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://x',
        SALES_EMAIL: 'nobody',
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const lines = (e as ConfigError).problems;
      expect(lines).toHaveLength(5);
      expect(lines.join('\n')).toMatch(/PORT.*eighty/);
      expect(lines.join('\n')).toMatch(/APP_MODE must be one of admin, canada, canada_prod, client/);
    }
  });
  it('checks every variable by its schema: defaults typed, blanks unset, secrets never repeated', () => {
    const c = loadConfig({
      DATA_DIR: '/tmp/rw-config-test',
      PORT: ' 9000 ',
      PDF_WORKERS: '',
      TRUST_PROXY: '10.0.0.1, loopback',
      FRAME_ANCESTORS: 'https://www.example.com, https://*.example.org',
    });
    expect(c).toMatchObject({ port: 9000, pdfWorkers: 1, rateLimit: 600, noteDraftMb: 4 });
    expect(c.trustProxy).toEqual(['10.0.0.1', 'loopback']);
    expect(c.frameAncestors).toEqual(['https://www.example.com', 'https://*.example.org']);
    expect(loadConfig({ DATA_DIR: '/tmp/rw-config-test', TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    try {
      loadConfig({
        DATA_DIR: '/tmp/rw-config-test',
        ADMIN_PASSWORD: 'hunter2',
        TRUST_PROXY: 'my proxy',
        FRAME_ANCESTORS: 'ftp://files.example.com',
        NOTE_DRAFT_MB: '13',
        RATE_LIMIT: '1.5',
      });
      expect.unreachable();
    } catch (e) {
      const lines = (e as ConfigError).problems;
      expect(lines).toEqual([
        'ADMIN_PASSWORD must be at least 8 characters',
        "RATE_LIMIT must be a whole number of requests per minute, not '1.5'",
        "TRUST_PROXY must be true, false, a number of proxies or a list of their addresses, not 'my proxy'",
        "FRAME_ANCESTORS must be a list of origins such as https://www.example.com, not 'ftp://files.example.com'",
        "NOTE_DRAFT_MB must be a whole number from 1 to 12, not '13'",
      ]);
    }
  });
  it('needs the public address in production, and takes it as given (no Host header decides it)', () => {
    const dir = { DATA_DIR: '/tmp/rw-config-test' };
    expect(() => loadConfig({ ...dir, NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL is required in production/,
    );
    expect(loadConfig({ ...dir }).publicUrl).toBeNull();
    expect(
      loadConfig({
        ...dir,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://calculs.example.fr/',
        SALES_EMAIL: 'ventes@toitures.example.fr',
      }).publicUrl,
    ).toBe('https://calculs.example.fr');
    expect(() => loadConfig({ ...dir, PUBLIC_URL: 'calculs.example.fr' })).toThrow(
      "PUBLIC_URL must be the service's address, such as https://calculs.example.com, not 'calculs.example.fr'",
    );
  });
  it('refuses a NODE_ENV it does not know, which would serve without the production checks', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/rw-config-test', NODE_ENV: 'prod' })).toThrow(
      "NODE_ENV must be production, development or test (or unset), not 'prod'",
    );
    expect(loadConfig({ DATA_DIR: '/tmp/rw-config-test', NODE_ENV: 'development' }).publicUrl).toBeNull();
  });
  it("needs the sales team's address in production, never the example.com default", () => {
    const dir = {
      DATA_DIR: '/tmp/rw-config-test',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://c.example.fr',
    };
    expect(() => loadConfig(dir)).toThrow(
      "SALES_EMAIL is required in production (NODE_ENV=production): the sales team's address, not the default ventes@example.com",
    );
    expect(loadConfig({ ...dir, SALES_EMAIL: 'ventes@toitures.example.fr' }).salesEmail).toBe(
      'ventes@toitures.example.fr',
    );
    expect(loadConfig({ DATA_DIR: dir.DATA_DIR }).salesEmail).toBe('ventes@example.com');
  });
  it("refuses a comment left after a value, which systemd's EnvironmentFile= keeps, naming the variable only", () => {
    try {
      loadConfig({
        DATA_DIR: '/tmp/rw-config-test',
        HOST: '127.0.0.1      # only the proxy',
        SESSION_SECRET: 's3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t  # the same on every copy',
        ADMIN_PASSWORD: 'pass #1 word',
      });
      expect.unreachable();
    } catch (e) {
      const lines = (e as ConfigError).problems;
      expect(lines).toEqual([
        "HOST ends with a comment (' # …'), which systemd's EnvironmentFile= keeps in the value: put the comment on a line of its own",
        "SESSION_SECRET ends with a comment (' # …'), which systemd's EnvironmentFile= keeps in the value: put the comment on a line of its own",
      ]);
      expect(lines.join('\n')).not.toContain('s3cr3t');
    }
  });
  it('refuses, in production, a hop count that anyone reaching the port directly would be believed by', () => {
    const prod = {
      DATA_DIR: '/tmp/rw-config-test',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://c.example.fr',
      SALES_EMAIL: 'ventes@toitures.example.fr',
    };
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'true', HOST: '0.0.0.0' })).toThrow(
      "TRUST_PROXY=true with HOST=0.0.0.0 would believe anyone who reaches port 8080 directly: in production give TRUST_PROXY the proxy's address (such as TRUST_PROXY=127.0.0.1), or listen on HOST=127.0.0.1",
    );
    expect(() => loadConfig({ ...prod, TRUST_PROXY: '2', HOST: '10.0.0.5', PORT: '3000' })).toThrow(
      /TRUST_PROXY=2 with HOST=10\.0\.0\.5 would believe anyone who reaches port 3000 directly/,
    );
    // the proxy's address, or a server only the proxy on this machine reaches: started as asked
    expect(loadConfig({ ...prod, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ ...prod, TRUST_PROXY: '172.18.0.0/16, loopback' }).trustProxy).toEqual([
      '172.18.0.0/16',
      'loopback',
    ]);
    // HOST's default is this machine only
    expect(loadConfig({ ...prod, TRUST_PROXY: 'true' }).host).toBe('127.0.0.1');
    for (const HOST of ['127.0.0.1', '::1', 'localhost'])
      expect(loadConfig({ ...prod, TRUST_PROXY: 'true', HOST }).trustProxy).toBe(1);
    // an address with its port, or a range past its family's bits: one line naming the variable, not
    // proxy-addr's 'invalid IP address' at the start
    for (const TRUST_PROXY of ['127.0.0.1:8080', '10.0.0.0/33', '::1/129'])
      expect(() => loadConfig({ ...prod, TRUST_PROXY })).toThrow(
        `TRUST_PROXY must name the proxies' addresses or ranges, without a port (such as 127.0.0.1, 172.18.0.0/16, or loopback for any of this machine's addresses), not '${TRUST_PROXY}'`,
      );
    expect(loadConfig({ ...prod, TRUST_PROXY: '::1, fd00::/8, linklocal' }).trustProxy).toEqual([
      '::1',
      'fd00::/8',
      'linklocal',
    ]);
    // outside production (tests, a developer's machine) a hop count is taken as before
    expect(loadConfig({ DATA_DIR: prod.DATA_DIR, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });
  it('bounds connections per address and the time a request takes to arrive', () => {
    const dir = { DATA_DIR: '/tmp/rw-config-test' };
    expect(loadConfig(dir)).toMatchObject({ connectionsPerAddress: 64, requestTimeoutS: 120 });
    expect(loadConfig({ ...dir, CONNECTIONS_PER_ADDRESS: '0', REQUEST_TIMEOUT_S: '30' })).toMatchObject({
      connectionsPerAddress: 0,
      requestTimeoutS: 30,
    });
    expect(() => loadConfig({ ...dir, REQUEST_TIMEOUT_S: '-1' })).toThrow(
      /REQUEST_TIMEOUT_S must be a whole number/,
    );
  });
  it('needs a shared session secret with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app' })).toThrow(/SESSION_SECRET is required/);
  });
  it('refuses a connection URL that does not read as written, and never repeats its password', () => {
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig({ DATA_DIR: '/tmp/rw-config-test', SESSION_SECRET: 's'.repeat(40), ...env });
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    // a password as `openssl rand -base64` gives it, pasted as is: the URL would name the host 'ss'
    expect(problems({ DATABASE_URL: 'postgres://roof:p@ss/w0rd@127.0.0.1:5432/roof' })).toEqual([
      "DATABASE_URL must have the characters @ / ? # % of its user name and password percent-encoded (%40 %2F %3F %23 %25, as encodeURIComponent writes them), not 'postgres://roof:***@127.0.0.1:5432/roof'",
    ]);
    expect(problems({ SMTP_URL: 'smtp://mailer:s3cr#t@smtp.example.com:587' })[0]).toMatch(
      /^SMTP_URL must have the characters @ \/ \? # % .* not 'smtp:\/\/mailer:\*\*\*@smtp\.example\.com:587'$/,
    );
    // a port no URL can have: the server started, and each message failed later on its send
    expect(problems({ SMTP_URL: 'smtp://mailer:s3cret@smtp.example.com:87490' })).toEqual([
      "SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587 (a port from 1 to 65535; @ / ? # % percent-encoded in its user name and password), not 'smtp://mailer:***@smtp.example.com:87490'",
    ]);
    // a misspelt scheme or another database's URL: named, the password left out
    const typos = problems({
      DATABASE_URL: 'mysql://roof:s3cret@db/roof',
      SMTP_URL: 'smtp//mailer:s3cret@smtp.example.com',
    });
    expect(typos).toEqual([
      "DATABASE_URL must be a postgres:// URL (leave it unset for SQLite), not 'mysql://roof:***@db/roof'",
      "SMTP_URL must be an smtp:// or smtps:// URL, not 'smtp//mailer:***@smtp.example.com'",
    ]);
    // what reads as written passes: encoded characters, a socket directory, options in the query
    expect(
      problems({ DATABASE_URL: 'postgres://roof:p%40ss%2Fw0rd@127.0.0.1:5432/roof?sslmode=require' }),
    ).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgresql:///roof?host=/var/run/postgresql' })).toEqual([]);
    expect(problems({ SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com' })).toEqual([]);
  });
});

describe('admin mode', () => {
  let place: Place;
  let server: Server;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
    server = (await serverOn(place, { APP_MODE: 'admin', ADMIN_PASSWORD: 'admin-password-2' })).server;
  });
  afterAll(async () => {
    await server.close();
    await place.drop();
  });
  it('gives the tab its icon at /favicon.ico, without a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toMatch(/^<svg /);
  });
  it('offers both French calculators and asks for an admin session on every project call', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({
      mode: 'admin',
      calculators: ['sm', 'sl'],
      locales: ['fr'],
      unitSystems: ['METRIC'],
      admin: false,
      brand: { name: null, logo: null },
    });
    for (const [method, url] of [
      ['GET', '/api/slowli/project/search/1'],
      ['GET', '/api/slowli/project/x'],
      ['DELETE', '/api/slowli/project/x'],
      ['GET', '/api/slowli/deny_project/x'],
      ['GET', '/api/slowli/export_excel/x'],
    ] as const) {
      expect((await server.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const post = await server.app.inject({
      method: 'POST',
      url: '/api/skywater_manager/project',
      payload: projectBody('sm'),
    });
    expect(post.statusCode).toBe(401);
    const admin = cookiesOf(
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: 'admin-password-2' },
      }),
    );
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/skywater_manager/project',
      payload: projectBody('sm'),
      headers: { cookie: admin },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).json(),
    ).toEqual({ admin: 'admin' });
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: admin },
    });
    expect(out.statusCode).toBe(204);
  });
});

describe('canada mode', () => {
  it('offers the Canadian calculator in two languages and two unit systems', async () => {
    const place = await freshPlace('sqlite');
    const { server } = await serverOn(place, { APP_MODE: 'canada' });
    const config = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      calculators: ['smca'],
      locales: ['fr', 'en'],
      unitSystems: ['METRIC', 'IMPERIAL'],
    });
    await server.close();
    await place.drop();
  });
});

describe('brand', () => {
  it("shows the manufacturer's name and logo when the deployment sets them, and refuses a missing file", async () => {
    const place = await freshPlace('sqlite');
    const logo = join(place.env.DATA_DIR!, 'brand.svg');
    writeFileSync(
      logo,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    );
    const { server } = await serverOn(place, { BRAND_NAME: 'Toits Verts SA', BRAND_LOGO: logo });
    expect((await server.app.inject({ method: 'GET', url: '/api/config' })).json().brand).toEqual({
      name: 'Toits Verts SA',
      logo: '/api/brand/logo',
    });
    const file = await server.app.inject({ method: 'GET', url: '/api/brand/logo' });
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.body).toContain('<rect');
    await server.close();
    const plain = (await serverOn(place)).server;
    expect((await plain.app.inject({ method: 'GET', url: '/api/config' })).json().brand).toEqual({
      name: null,
      logo: null,
    });
    expect((await plain.app.inject({ method: 'GET', url: '/api/brand/logo' })).statusCode).toBe(404);
    await plain.close();
    await expect(serverOn(place, { BRAND_LOGO: join(place.env.DATA_DIR!, 'missing.png') })).rejects.toThrow(
      /BRAND_LOGO must be an existing \.svg or \.png file/,
    );
    await place.drop();
  });
});

describe('command-line tools', () => {
  it('admin:create stores a hashed admin that can log in; outbox lists the waiting mail', async () => {
    const place = await freshPlace('sqlite');
    const env = { ...process.env, ...place.env, ADMIN_PASSWORD: 'from-the-cli-123' };
    const created = execFileSync('npx', ['tsx', 'server/auth/admin-cli.ts', 'marie'], {
      env,
      encoding: 'utf8',
    });
    // it says which database it wrote to, and that it made it (nothing was there before)
    expect(created).toContain(`Admin 'marie' saved in the SQLite database ${place.env.DATA_DIR}/app.db.`);
    expect(created).toContain('That database is new');
    const { server } = await serverOn(place);
    const row = await server.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('from-the-cli-123');
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { name: 'marie', password: 'from-the-cli-123' },
    });
    expect(login.statusCode).toBe(200);
    const p = await server.app.inject({
      method: 'POST',
      url: '/api/slowli/project',
      payload: projectBody('sl'),
    });
    await server.app.inject({
      method: 'GET',
      url: `/api/slowli/send-project/${p.json<{ id: string }>().id}`,
      headers: { cookie: cookiesOf(p) },
    });
    await server.close();
    const listed = execFileSync('npx', ['tsx', 'server/mail/outbox-cli.ts'], {
      env: { ...process.env, ...place.env },
      encoding: 'utf8',
    });
    expect(listed).toMatch(/#1 to ventes@example.com \| \[Limiteurs\] n° \d+ Résidence Les Tilleuls/);
    expect(listed).toContain(`Outbox of the SQLite database ${place.env.DATA_DIR}/app.db:`);
    // when it is next tried: never, without SMTP_URL; after a refused attempt, at its backoff's end
    expect(listed).toContain('    next attempt: none while SMTP_URL is unset (the message waits here)');
    const smtp = 'smtp://127.0.0.1:1';
    const db = openDatabase({ databaseUrl: null, dataDir: place.env.DATA_DIR! }).db;
    // tried as if an hour from now: its next attempt half a minute later, whatever time the tools take
    const tried = new Date(Date.now() + 3_600_000);
    expect(await deliverDue(db, smtpSend({ smtpUrl: smtp, mailFrom: 'ventes@example.com' }), tried)).toEqual({
      sent: 0,
      failed: 1,
    });
    await db.destroy();
    const retried = execFileSync('npx', ['tsx', 'server/mail/outbox-cli.ts'], {
      env: { ...process.env, ...place.env, SMTP_URL: smtp, MAILER: '' },
      encoding: 'utf8',
    });
    expect(retried).toMatch(/\| attempts 1\n {4}last error: .*ECONNREFUSED/);
    expect(retried).toContain(
      `    next attempt: ${new Date(tried.getTime() + 30_000).toISOString()} (in 6`, // 60 min and a half
    );
    const off = execFileSync('npx', ['tsx', 'server/mail/outbox-cli.ts'], {
      env: { ...process.env, ...place.env, SMTP_URL: smtp, MAILER: 'off' },
      encoding: 'utf8',
    });
    expect(off).toContain('    next attempt: none while MAILER=off');
    // run without the service's environment, it says so and makes no database there
    const elsewhere = mkdtempSync(join(tmpdir(), 'rw-outbox-'));
    let refused: { status?: number; stderr?: string } = {};
    try {
      execFileSync('npx', ['tsx', 'server/mail/outbox-cli.ts'], {
        env: { ...process.env, DATA_DIR: join(elsewhere, 'data') },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      refused = e as typeof refused;
    }
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `No database at ${join(elsewhere, 'data', 'app.db')}: run with the service's environment`,
    );
    expect(existsSync(join(elsewhere, 'data', 'app.db'))).toBe(false);
    await place.drop();
  });
  it('admin:create does not show a password typed at a terminal', async () => {
    const place = await freshPlace('sqlite');
    const { ADMIN_PASSWORD: _unset, ...inherited } = process.env;
    // a terminal of its own (script(1) from util-linux gives the command a pseudo-terminal)
    const child = spawn('script', ['-qec', 'npx tsx server/auth/admin-cli.ts paul', '/dev/null'], {
      env: { ...inherited, ...place.env },
    });
    let seen = '';
    const prompted = new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        seen += d.toString();
        if (seen.includes("Password for admin 'paul':")) resolve();
      }),
    );
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    await prompted;
    child.stdin.write('typed-at-the-terminal-7\r');
    expect(await ended).toBe(0);
    expect(seen).toContain("Admin 'paul' saved in ");
    expect(seen).not.toContain('typed-at-the-terminal');
    const { server } = await serverOn(place);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { name: 'paul', password: 'typed-at-the-terminal-7' },
    });
    expect(login.statusCode).toBe(200);
    await server.close();
    await place.drop();
  });
});
