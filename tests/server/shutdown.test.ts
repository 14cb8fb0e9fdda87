/**
 * A stopping server (SIGTERM, a deployment) lets the answers in flight finish, and a client that never
 * finishes its request, or never reads its answer, does not hold it up past SHUTDOWN_GRACE_S.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../server/app';
import { freshPlace, processEnv, ROOT, serverOn, type Place } from './harness';
import { projectBody } from './projects.fixtures';

/** A raw connection to the server, and everything it has received. */
async function raw(
  server: Server,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { port } = server.app.server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => text, closed };
}

/** Resolves once the server has read a request's head (the request is in flight). */
const requestIn = (server: Server) =>
  new Promise<void>((resolve) => server.app.server.once('request', () => resolve()));

describe('stopping the server', () => {
  let place: Place;
  beforeAll(async () => {
    place = await freshPlace('sqlite');
  });
  afterAll(async () => {
    await place.drop();
  });

  const listening = async (env: Record<string, string>) => {
    const { server } = await serverOn(place, { APP_MODE: 'client', ...env });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    return server;
  };
  const body = JSON.stringify(projectBody('sl'));
  const head = `POST /api/slowli/project HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

  it('answers a request that was in flight when it began to stop, then closes', async () => {
    const server = await listening({ SHUTDOWN_GRACE_S: '3600' });
    const client = await raw(server);
    const started = requestIn(server);
    client.socket.write(head + body.slice(0, 100));
    await started;
    const stopped = server.close();
    client.socket.write(body.slice(100));
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).toMatch(/\r\nconnection: close\r\n/i);
    await stopped;
  });

  it('closes a connection whose request never ends once its grace is over', async () => {
    const server = await listening({ SHUTDOWN_GRACE_S: '1' });
    const client = await raw(server);
    const started = requestIn(server);
    // Half a request, and nothing more: without the grace, close() waits for Node's request timeout
    // (5 minutes), longer than this test's.
    client.socket.write(head + body.slice(0, 100));
    await started;
    await server.close();
    await client.closed;
    expect(client.received()).toBe('');
  });

  /** Starts the server as a supervisor does (`command`), then resolves its address and its output so far. */
  const started = (command: string, args: string[], dir: string) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: processEnv(dir, { PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const url = new Promise<string>((resolve, reject) => {
      const read = (d: Buffer) => {
        out += d.toString();
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`${command} ended (${code}) before listening:\n${out}`)));
    });
    const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    return { child, url, ended, out: () => out };
  };

  it('stops when a supervisor sends SIGTERM to npm start, and says so in its log', async () => {
    // npm hands the signal to its script's process only: the script's shell, then bash, must exec the
    // server, else npm exits and leaves the server running (and the port taken) under systemd or docker
    const dir = mkdtempSync(join(tmpdir(), 'rw-npm-start-'));
    const npm = started('npm', ['start'], dir);
    const url = await npm.url;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    npm.child.kill('SIGTERM');
    await npm.ended;
    // the server is gone with npm: its port answers no more
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(npm.out()).toContain('SIGTERM: stopping, answers in flight get 10 s');
    expect(npm.out()).toContain('"msg":"stopped"');
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops as gracefully on SIGHUP (a log-rotation recipe, a closed terminal), and says so', async () => {
    // Node's default ended the server at once, with no word in its log; systemd's Restart=on-failure
    // does not restart a service a SIGHUP ended, so the service stayed down, its log silent
    const dir = mkdtempSync(join(tmpdir(), 'rw-sighup-'));
    const server = started('bash', ['scripts/start.sh'], dir);
    const url = await server.url;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGHUP');
    expect(await server.ended).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(server.out()).toContain('SIGHUP: stopping, answers in flight get 10 s');
    expect(server.out()).toContain('"msg":"stopped"');
    // stopped seconds after its start, during the warm-up: its examples were cut short, not failed
    expect(server.out()).not.toContain('did not calculate');
    rmSync(dir, { recursive: true, force: true });
  });
});
