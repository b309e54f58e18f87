import { describe, expect, it } from 'vitest';
import { gallerySizes } from './gallery-sizes';

describe('gallerySizes', () => {
  it('on a phone: one photo full width, two side by side, three with the first full width', () => {
    expect(gallerySizes(1, 0)).toBe('100vw');
    expect(gallerySizes(2, 0)).toBe('(min-width: 900px) 66vw, 50vw');
    expect(gallerySizes(2, 1)).toBe('(min-width: 900px) 33vw, 50vw');
    expect(gallerySizes(3, 0)).toBe('(min-width: 900px) 66vw, 100vw');
    expect(gallerySizes(3, 2)).toBe('(min-width: 900px) 33vw, 50vw');
  });
});
