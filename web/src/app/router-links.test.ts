import { describe, expect, it } from 'vitest';
import { routeModuleFor } from './router-links';

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
    ['/search?q=pool', 'search'],
  ])('%s loads the %s module', (path, id) => {
    expect(routeModuleFor(path)).toBe(id);
  });

  it.each(['/community', '/nope', '/listing/1/photos'])('%s (the not-found page) loads nothing ahead', (path) => {
    expect(routeModuleFor(path)).toBeUndefined();
  });
});
