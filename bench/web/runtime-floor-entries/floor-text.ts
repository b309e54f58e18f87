/** The floor page's text (floor-page.ts), shared by the runtime floors' entries without importing a runtime. */
export const FLOOR_HEADING = 'A heading';
export const FLOOR_PARAGRAPH = 'A paragraph, and nothing else: no script, no stylesheet, no image.';
