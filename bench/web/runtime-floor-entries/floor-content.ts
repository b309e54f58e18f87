/**
 * What the React runtime floors render: exactly the floor page's main content (floor-page.ts), so that hydrating it
 * matches the server HTML and React has nothing to patch.
 */
import { createElement } from 'react';
import { FLOOR_HEADING, FLOOR_PARAGRAPH } from './floor-text';

export function FloorContent() {
  return createElement(
    'main',
    null,
    createElement('h1', null, FLOOR_HEADING),
    createElement('p', null, FLOOR_PARAGRAPH),
  );
}
