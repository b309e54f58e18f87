import { describe, expect, it } from 'vitest';
import { routeModuleFor } from './prefetch-link';

describe('routeModuleFor', () => {
  it.each([
    ['/', 'home'],
    ['/communities', 'communities'],
    ['/communities/', 'communities'],
    ['/contact?x=1', 'contact'],
    ['/favorites', 'favorites'],
    ['/community/austin-point', 'community'],
    ['/community/austin-point#homes', 'community'],
    ['/listing/123', 'listing'],
    ['/legal/privacy-policy', 'legal'],
    ['/community', 'notFound'],
    ['/nope', 'notFound'],
  ])('%s loads the %s module', (path, id) => {
    expect(routeModuleFor(path)).toBe(id);
  });
});
