/**
 * Limits on the connections themselves, which the rate limits cannot see: a client that trickles its headers or
 * its body never becomes a request that is counted, and Node's defaults let it hold a socket for 5 minutes with no
 * cap on how many. A few thousand such sockets used up the process's open files, and the site, the API and every
 * visitor's inquiry failed to connect (audit of hostile clients).
 *
 * - Headers must arrive within HEADERS_TIMEOUT_MS, a whole request within REQUEST_TIMEOUT_MS (long enough for a
 *   7 MiB photo upload on a slow phone connection), checked every CHECK_INTERVAL_MS; the client gets a 408.
 * - One address (an IPv6 /64, as the rate limits count) holds at most CONNECTIONS_PER_ADDRESS sockets at once;
 *   more are closed as they open. Not behind TRUST_PROXY: every socket then comes from the load balancer, whose
 *   own connection limits apply (docs/scaling.md).
 */
import type { Server } from 'node:http';
import { clientAddressKey } from '../security/client-address';

export interface ConnectionGuards {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  checkIntervalMs: number;
  /** null: no cap (behind a trusted proxy). */
  connectionsPerAddress: number | null;
}

export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 180_000;
export const CHECK_INTERVAL_MS = 5_000;
/** Far above a browser's 6 per origin, for an office or a carrier's NAT sharing one address. */
export const CONNECTIONS_PER_ADDRESS = 256;

export const defaultConnectionGuards = (behindProxy: boolean): ConnectionGuards => ({
  headersTimeoutMs: HEADERS_TIMEOUT_MS,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  checkIntervalMs: CHECK_INTERVAL_MS,
  connectionsPerAddress: behindProxy ? null : CONNECTIONS_PER_ADDRESS,
});

/** Applies the timeouts and the per-address cap to a server (its check interval is set when it is created). */
export function guardConnections(server: Server, guards: ConnectionGuards): void {
  server.headersTimeout = guards.headersTimeoutMs;
  server.requestTimeout = guards.requestTimeoutMs;
  const cap = guards.connectionsPerAddress;
  if (cap === null) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = clientAddressKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
