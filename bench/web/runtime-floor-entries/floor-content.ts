/**
 * What the runtime floors render: exactly the floor page's main content (floor-page.ts), so that hydrating it
 * matches the server HTML and React has nothing to patch.
 */
import { createElement } from 'react';

export const FLOOR_HEADING = 'A heading';
export const FLOOR_PARAGRAPH = 'A paragraph, and nothing else: no script, no stylesheet, no image.';

export function FloorContent() {
  return createElement(
    'main',
    null,
    createElement('h1', null, FLOOR_HEADING),
    createElement('p', null, FLOOR_PARAGRAPH),
  );
}
