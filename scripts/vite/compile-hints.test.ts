import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, HINTED_MIN_BYTES, type ChunkLike } from './compile-hints';

const chunk = (fileName: string, extra: Partial<ChunkLike> = {}): ChunkLike => ({
  type: 'chunk',
  name: fileName.replace(/-\w+\.js$/, '').replace('assets/', ''),
  fileName,
  // Each as large as the chunks worth the hint (HINTED_MIN_BYTES).
  code: `export const x = "${fileName}";`.padEnd(HINTED_MIN_BYTES, ' '),
  imports: [],
  ...extra,
});

describe('addCompileHints', () => {
  it('hints the entry, its static imports and the public page chunks, nothing else', () => {
    const chunks = [
      chunk('assets/index-A.js', { isEntry: true, imports: ['assets/react-B.js', 'assets/runtime-C.js'] }),
      chunk('assets/react-B.js'),
      chunk('assets/runtime-C.js'),
      chunk('assets/community-D.js'),
      chunk('assets/admin-E.js'),
      chunk('assets/kiosk-F.js'),
      { type: 'asset', fileName: 'assets/index-G.css' } as ChunkLike,
    ];
    const hinted = addCompileHints(chunks, (name) => name === 'community');
    expect(hinted).toEqual(['assets/index-A.js', 'assets/react-B.js', 'assets/runtime-C.js', 'assets/community-D.js']);
    for (const file of chunks) {
      const code = file.code ?? '';
      // The hint only works as the file's very first line.
      expect(code.startsWith(COMPILE_HINT)).toBe(hinted.includes(file.fileName));
      if (file.code) expect(code.trimEnd().endsWith(`export const x = "${file.fileName}";`)).toBe(true);
    }
  });

  it('leaves a chunk smaller than HINTED_MIN_BYTES without it, as its few functions compile cheaply', () => {
    const small = chunk('assets/runtime-C.js', { code: 'export const x = 1;' });
    const hinted = addCompileHints(
      [chunk('assets/index-A.js', { isEntry: true, imports: ['assets/runtime-C.js'] }), small],
      () => false,
    );
    expect(hinted).toEqual(['assets/index-A.js']);
    expect(small.code).toBe('export const x = 1;');
  });

  it('is a line comment that V8 reads as the hint and other engines ignore', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
