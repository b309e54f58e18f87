/**
 * The `sizes` of a gallery photo, following the grid in styles/pages.css: on a phone, one photo spans the width,
 * two sit side by side, and of three the first spans the width over the other two; from 900 px the first takes
 * two thirds beside the others. Without this a phone fetched the first of two photos at twice the size it shows
 * (Lighthouse "Properly size images" on the listing page).
 */
export function gallerySizes(count: number, index: number): string {
  if (count === 1) return '100vw';
  if (index === 0) return count === 2 ? '(min-width: 900px) 66vw, 50vw' : '(min-width: 900px) 66vw, 100vw';
  return '(min-width: 900px) 33vw, 50vw';
}
