/**
 * Network helpers of the bench scripts: a free port on HOST, and one raw GET (bytes as sent, still compressed).
 */
import http from 'node:http';
import { createServer } from 'node:net';
import { HOST } from './paths';

/** A port that was free on HOST a moment ago (the OS picks it; the listener is closed again at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RawAnswer {
  status: number;
  /** The body as sent (still compressed when Content-Encoding says so). */
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** One GET with `headers`: its status, raw body and headers. */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
