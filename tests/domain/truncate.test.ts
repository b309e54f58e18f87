import { describe, expect, it } from 'vitest';
import { truncate } from '../../domain/truncate';

describe('truncate', () => {
  it('keeps a text within the limit and cuts a longer one with an ellipsis', () => {
    expect(truncate('Lakeside living', 20)).toBe('Lakeside living');
    expect(truncate('Lakeside living', 8)).toBe('Lakeside...');
  });

  it('never cuts an emoji in half (its lone first half printed as "�" in cards and meta descriptions)', () => {
    const text = `${'a'.repeat(119)}🏡 more text`;
    const cut = truncate(text, 120);
    expect(cut).toBe(`${'a'.repeat(119)}...`);
    expect(cut.isWellFormed()).toBe(true);
    // A cut right after the whole emoji keeps it.
    expect(truncate(text, 121)).toBe(`${'a'.repeat(119)}🏡...`);
  });
});
