/**
 * The order of a preset's runs: the first run of every page, then the second of every page, and so on. A machine of
 * this kind has slow spells of a minute or more (the same build's TBT median doubled from one A/B to the next);
 * one page's runs in a row put a whole median inside one spell, round by round each page's median samples the
 * preset's whole span alike.
 */
export function interleavedRuns(pages: number, runs: number): { page: number; run: number }[] {
  return Array.from({ length: runs }, (_, run) => Array.from({ length: pages }, (_, page) => ({ page, run }))).flat();
}
