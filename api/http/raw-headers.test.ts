/**
 * singleRawHeaders (public-read-fast-path.ts), which both fast paths (public reads, kept pages) use to read their
 * headers from Node's raw list: any letter case, other headers ignored, and null when a wanted header comes twice.
 */
import { describe, expect, it } from 'vitest';
import { singleRawHeaders } from './public-read-fast-path';

const WANTED = ['host', 'if-none-match', 'accept-encoding'] as const;

describe('singleRawHeaders', () => {
  it('reads the wanted headers whatever their case, and ignores the others', () => {
    const raw = ['Host', 'example.com', 'User-Agent', 'test', 'If-None-Match', '"abc"', 'ACCEPT-ENCODING', 'br'];
    expect(singleRawHeaders(raw, WANTED)).toEqual({
      host: 'example.com',
      'if-none-match': '"abc"',
      'accept-encoding': 'br',
    });
  });

  it('leaves out a header the request does not send', () => {
    expect(singleRawHeaders(['host', 'example.com'], WANTED)).toEqual({ host: 'example.com' });
  });

  it('gives null when a wanted header is repeated (Fastify would see the values joined)', () => {
    expect(singleRawHeaders(['accept-encoding', 'gzip', 'Accept-Encoding', 'br'], WANTED)).toBeNull();
    expect(singleRawHeaders(['host', 'a.example', 'host', 'b.example'], WANTED)).toBeNull();
  });

  it('does not mind a repeated header it was not asked for', () => {
    expect(singleRawHeaders(['cookie', 'a=1', 'cookie', 'b=2', 'if-none-match', '"x"'], WANTED)).toEqual({
      'if-none-match': '"x"',
    });
  });
});
