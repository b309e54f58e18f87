/**
 * Static files: uploads under /uploads/ (content-hashed names, so cached for a year as immutable), and the
 * built web app (dist/client) or, before the first web build, web/public (the seed images).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const WEB_BUILD_DIR = path.join(PROJECT_ROOT, 'dist', 'client');
export const WEB_PUBLIC_DIR = path.join(PROJECT_ROOT, 'web', 'public');

async function staticFilesPlugin(app: FastifyInstance): Promise<void> {
  const uploadsDir = path.join(app.config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    dotfiles: 'deny',
  });
  const webRoot = existsSync(path.join(WEB_BUILD_DIR, 'index.html')) ? WEB_BUILD_DIR : WEB_PUBLIC_DIR;
  if (existsSync(webRoot)) {
    const assetsDir = path.join(webRoot, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: true,
      maxAge: '1h',
      // The build's .vite/manifest.json (read from disk by the server) lists source paths: not for the public.
      // 'ignore' answers as if there were no such file (the site's 404); 'deny' would say 403, that it is there.
      dotfiles: 'ignore',
      // Hashed build assets never change; the service worker, the shell and the manifest must be re-checked on
      // every visit or an update would wait an hour.
      setHeaders(reply, filePath) {
        const name = path.basename(filePath);
        if (name === 'sw.js' || name === 'index.html' || name === 'manifest.webmanifest') {
          reply.header('cache-control', 'no-cache');
          // /index.html stays reachable for the service worker (its offline shell), but it is the empty template,
          // a page with no title or text that the app renders as Not Found: search engines must not index it.
          if (name === 'index.html') reply.header('x-robots-tag', 'noindex');
        } else if (filePath.startsWith(assetsDir)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
}

export default fp(staticFilesPlugin, { name: 'static-files', dependencies: ['errors'] });
