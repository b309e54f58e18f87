import { describe, expect, it } from 'vitest';
import { documentStyleAttribute } from './head';

describe('documentStyleAttribute', () => {
  it('writes the custom properties as one style attribute with a leading space', () => {
    expect(documentStyleAttribute({ '--primary': '#0b6e4f', '--radius': '12px' })).toBe(
      ' style="--primary:#0b6e4f;--radius:12px"',
    );
  });

  it('is empty when there is nothing to set', () => {
    expect(documentStyleAttribute(undefined)).toBe('');
    expect(documentStyleAttribute({})).toBe('');
  });

  it('escapes what could end the attribute (values are validated upstream; this is the second line of defence)', () => {
    expect(documentStyleAttribute({ '--x': '1px" onload="alert(1)' })).toBe(
      ' style="--x:1px&quot; onload=&quot;alert(1)"',
    );
  });
});
