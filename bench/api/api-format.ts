/**
 * How bench:api writes its figures: req/s, milliseconds, ratios and error counts, in the log, the verdict texts
 * and api.md alike.
 */
import { problems } from './api-measure';
import type { Measurement } from './api-types';

export const fmtRate = (value: number) => Math.round(value).toLocaleString('en-US');
export const fmtMs = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
export const fmtRatio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value >= 10 ? 1 : 2)}×` : '∞');
export const fmtErrors = (m: Measurement) => (problems(m) === 0 ? '0' : `${m.non2xx} non-2xx / ${m.errors} err`);
