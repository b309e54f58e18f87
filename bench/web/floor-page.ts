/**
 * The floor of a Lighthouse figure on this machine: a page that does nothing (a heading and a paragraph, no script,
 * no stylesheet, no image), served by a bare node:http server, measured with the same preset and in the same run as
 * the app's pages. It plays the part the bare node:http server plays in bench:pages.
 *
 * Why it is needed (issue 14, docs/reliability.md): Lighthouse's simulated TBT multiplies the wall time of the
 * renderer's tasks, waits for a core included, so part of every page's TBT is the machine's. On a fresh 2-core VM of
 * this kind with a benchmarkIndex of about 2,600, this page alone read 0-239 ms of TBT in 20 runs of the mobile
 * preset (medians 15-66): the navigation's commit (the V8 context's creation) and its first layout, waits
 * included. What a page reads above its floor is what the page itself costs. The floor is reported, never judged
 * against the budgets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LighthousePage } from './lighthouse';
import { FLOOR_HEADING, FLOOR_PARAGRAPH } from './runtime-floor-entries/floor-text';

export const FLOOR_PAGE_LABEL = 'floor: a heading and a paragraph (not the app)';

/** Complete enough for Lighthouse's SEO and accessibility audits, so its row reads like the others. */
export const FLOOR_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The floor of a Lighthouse figure</title>
<meta name="description" content="A page that does nothing: what Lighthouse reads on this machine before any page's own work.">
</head>
<body>
<main>
<h1>${FLOOR_HEADING}</h1>
<p>${FLOOR_PARAGRAPH}</p>
</main>
</body>
</html>
`;

export interface FloorPage {
  /** The page's address (http://127.0.0.1:port/). */
  url: string;
  /** The page as runLighthouse measures it: beside the app's pages, never judged. */
  lighthousePage: LighthousePage;
  stop(): Promise<void>;
}

export async function startFloorPage(): Promise<FloorPage> {
  const body = Buffer.from(FLOOR_PAGE_HTML);
  const server = http.createServer((request, response) => {
    if (request.url !== '/') {
      // Lighthouse asks for /robots.txt and /favicon.ico: a plain 404, as the app answers what it does not have.
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    lighthousePage: { label: FLOOR_PAGE_LABEL, path: '/', url, floor: true },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
