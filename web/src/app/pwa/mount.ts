/**
 * PWA widgets (update prompt, offline indicator) render into their own React roots appended to <body>, outside the
 * server-rendered tree in #root, so they never affect hydration.
 */
import type { ReactNode } from 'react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the PWA code's chunk, loaded after the app has started
import { createRoot, type Root } from 'react-dom/client';

export function mountIsland(id: string, node: ReactNode): Root {
  let container = document.getElementById(id);
  if (!container) {
    container = document.createElement('div');
    container.id = id;
    document.body.appendChild(container);
  }
  const root = createRoot(container);
  root.render(node);
  return root;
}
