/**
 * Vite: web/ is the root; the client build goes to dist/client (served by the API process), the SSR build of
 * web/src/entry-server.tsx to dist/server. `npm run dev` proxies /api and /uploads to the API on :3000.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  ssr: {
    // Bundle everything but React and the router into the server build, so it runs without Vite.
    noExternal: [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
});
