/** The localStorage copy of the saved favourites that pages show before the store (and Dexie) load. */
import { describe, expect, it } from 'vitest';
import type { FavoriteRow } from '@/data/repositories/favorites-repository';
import { readFavoritesMirror, writeFavoritesMirror } from './favorites-mirror';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const row: FavoriteRow = {
  key: 'listing:abc',
  kind: 'listing',
  id: 'abc',
  label: 'The Magnolia',
  path: '/listing/abc',
  savedAt: '2026-11-21T10:00:00.000Z',
};

describe('favourites mirror', () => {
  it('gives back what the store wrote', () => {
    const storage = memoryStorage();
    writeFavoritesMirror([row], storage);
    expect(readFavoritesMirror(storage)).toEqual([row]);
  });

  it('is empty when nothing was written, the value is not JSON, or rows are malformed', () => {
    expect(readFavoritesMirror(memoryStorage())).toEqual([]);
    expect(readFavoritesMirror(memoryStorage({ 'favorites:rows': '{not json' }))).toEqual([]);
    expect(readFavoritesMirror(memoryStorage({ 'favorites:rows': '{"kind":"listing"}' }))).toEqual([]);
    expect(readFavoritesMirror(memoryStorage({ 'favorites:rows': '[null, 3, {"kind":"listing"}]' }))).toEqual([]);
  });

  it('survives storage that refuses to read or write', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeFavoritesMirror([row], broken)).not.toThrow();
    expect(readFavoritesMirror(broken)).toEqual([]);
  });
});
