/**
 * Slow and piled-up connections (api/http/connection-guards.ts), against a listening server over raw sockets: a
 * body trickled a byte at a time is cut with a 408 once the request time is up, and one address cannot hold more
 * sockets than its cap while another address is still served.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/api';
import type { ConnectionGuards } from './connection-guards';

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

async function listen(guards: Partial<ConnectionGuards>): Promise<number> {
  t = await createTestApp({ seed: false, connectionGuards: guards });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return Number(new URL(url).port);
}

/** A raw socket from `localAddress`; resolves once connected. */
function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** What the server sent before closing the socket, and after how many ms. */
function untilClosed(socket: Socket): Promise<{ text: string; afterMs: number }> {
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve({ text, afterMs: Date.now() - started })));
}

describe('connection guards', () => {
  it('answer 408 and close a request whose body trickles in past the request time', async () => {
    const port = await listen({ requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, checkIntervalMs: 200 });
    const socket = await open(port);
    const closed = untilClosed(socket);
    socket.write(
      'POST /api/public/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const { text, afterMs } = await closed;
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(5_000);
  });

  it('close sockets past the per-address cap as they open, and still serve another address', async () => {
    const port = await listen({ connectionsPerAddress: 3 });
    const held = await Promise.all([open(port), open(port), open(port)]);
    const fourth = await open(port);
    const { text } = await untilClosed(fourth);
    expect(text).toBe('');
    expect(held.every((socket) => !socket.destroyed)).toBe(true);

    const other = await open(port, '127.0.0.2');
    const answered = untilClosed(other);
    other.end('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await answered).text).toMatch(/^HTTP\/1\.1 200/);

    // A socket closed frees its place.
    held[0]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open(port);
    const reply = untilClosed(again);
    again.end('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect((await reply).text).toMatch(/^HTTP\/1\.1 200/);
  });
});
