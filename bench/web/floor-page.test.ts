/**
 * The machine's floor (floor-page.ts) must stay a page that does nothing, served for real, and bench:web must report
 * it without judging it, with every page's spread of TBT beside its median.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowVerdict, tbtRange } from './bench-web';
import { FLOOR_PAGE_LABEL, startFloorPage, type FloorPage } from './floor-page';
import type { LighthouseFigures, LighthouseRow } from './lighthouse';

describe('the floor page', () => {
  let floor: FloorPage;
  beforeAll(async () => {
    floor = await startFloorPage();
  });
  afterAll(async () => {
    await floor.stop();
  });

  it('is a complete HTML page with a heading, a paragraph and nothing to load', async () => {
    const response = await fetch(floor.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    // Anything the page loads or runs would be the page's cost, not the machine's.
    expect(html).not.toMatch(/<(script|link|img|style|iframe|video)\b/i);
  });

  it('is handed to runLighthouse at its own address, as the floor', () => {
    expect(floor.lighthousePage).toEqual({ label: FLOOR_PAGE_LABEL, path: '/', url: floor.url, floor: true });
  });

  it('answers anything else with a 404, as Lighthouse asks for robots.txt', async () => {
    const response = await fetch(new URL('/robots.txt', floor.url));
    expect(response.status).toBe(404);
  });
});

const figures = (tbtMs: number): LighthouseFigures => ({
  performance: 90,
  accessibility: 100,
  seo: 100,
  lcpMs: 1000,
  cls: 0,
  tbtMs,
  fcpMs: 700,
  benchmarkIndex: 2000,
});

const row = (tbts: number[], extra: Partial<LighthouseRow> = {}): LighthouseRow => ({
  page: '/',
  preset: 'mobile',
  runs: tbts.length,
  median: figures(tbts[Math.floor(tbts.length / 2)]!),
  all: tbts.map(figures),
  misses: ['performance', 'TBT'],
  ...extra,
});

describe('bench:web rows', () => {
  it('judge a page by its misses, and never the floor', () => {
    expect(rowVerdict(row([120, 130, 140]))).toBe('FAIL (performance, TBT)');
    expect(rowVerdict(row([10, 20], { misses: [] }))).toBe('PASS');
    expect(rowVerdict(row([120, 130, 140], { misses: [], floor: true }))).toBe('not judged (floor)');
  });

  it('give the runs’ TBT range, rounded, lowest first', () => {
    expect(tbtRange(row([196.4, 54.2, 127, 118, 150]))).toBe('54-196');
    expect(tbtRange(row([0]))).toBe('0-0');
  });
});
