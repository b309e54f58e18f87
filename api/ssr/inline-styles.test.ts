import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-styles';

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'inline-styles-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'assets', 'index-A1.css'), 'body{color:#111}');
writeFileSync(path.join(webRoot, 'assets', 'odd-B2.css'), 'a::after{content:"</style>"}');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('inlineStylesheets', () => {
  it('inlines the stylesheet and leaves a disabled link naming it, so nothing loads it a second time', () => {
    const html = inlineStylesheets(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-A1.css"></head>',
      webRoot,
    );
    expect(html).toBe(
      '<head><style>body{color:#111}</style><link rel="stylesheet" href="/assets/index-A1.css" disabled></head>',
    );
  });

  it('keeps the link when the CSS could close the style element early, or the file is not there', () => {
    for (const href of ['/assets/odd-B2.css', '/assets/missing-C3.css', '/../outside.css']) {
      const link = `<link rel="stylesheet" href="${href}">`;
      expect(inlineStylesheets(`<head>${link}</head>`, webRoot)).toBe(`<head>${link}</head>`);
    }
  });
});
