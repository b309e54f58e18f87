/**
 * Runtime floor "Preact": the floor page's heading and paragraph hydrated by Preact (4 KB gzip), a runtime the stack
 * does not use, measured to tell the team what a smaller runtime would read on the same machine (runtime-floors.ts).
 */
import { h, hydrate } from 'preact';
import { FLOOR_HEADING, FLOOR_PARAGRAPH } from './floor-text';

const container = document.getElementById('root');
if (container) hydrate(h('main', null, h('h1', null, FLOOR_HEADING), h('p', null, FLOOR_PARAGRAPH)), container);
