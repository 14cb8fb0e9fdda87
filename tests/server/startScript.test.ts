import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

describe('npm start (scripts/start.sh)', () => {
  it('stops on a mistyped NODE_ENV before installing anything', () => {
    // NODE_ENV=Production was not production to start.sh: it ran `npm ci` in the deployed tree (the
    // development packages, under the running service) before the server refused the value (helper
    // deploy7). A project of no package, with this checkout's scripts: reaching the install makes its
    // node_modules.
    const dir = mkdtempSync(join(tmpdir(), 'rw-start-'));
    mkdirSync(join(dir, 'scripts'));
    for (const f of ['start.sh', 'node.sh']) cpSync(join(ROOT, 'scripts', f), join(dir, 'scripts', f));
    writeFileSync(join(dir, 'package.json'), '{"name":"x","version":"1.0.0","private":true}');
    writeFileSync(
      join(dir, 'package-lock.json'),
      '{"name":"x","version":"1.0.0","lockfileVersion":3,"requires":true,"packages":{"":{"name":"x","version":"1.0.0"}}}',
    );
    for (const value of ['Production', 'prod', ' production']) {
      const run = spawnSync('bash', ['scripts/start.sh'], {
        cwd: dir,
        encoding: 'utf8',
        env: {
          PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
          HOME: process.env.HOME,
          NODE_ENV: value,
        },
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `NODE_ENV must be production, development or test (or unset), not '${value}'`,
      );
      expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
