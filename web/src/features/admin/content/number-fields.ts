/**
 * Checks of a number typed into a form, before SPEC §5's "non-numeric numbers become 0" normalisation
 * (domain/normalise.ts) runs: an empty required field, a negative value and an out-of-range count get an inline
 * message instead of being silently changed; anything else that is not a number becomes 0 on save.
 */
import { ROOMS_MAX, ROOMS_MIN } from '@domain/index';

export interface NumberRule {
  label: string;
  required?: boolean;
  /** 0-20 with a message naming the range (bedrooms, bathrooms). */
  rooms?: boolean;
  /** Whole or half steps only (bathrooms). */
  halfSteps?: boolean;
}

export function checkNumber(raw: string, rule: NumberRule): string | undefined {
  const text = raw.trim();
  if (text === '') return rule.required ? `${rule.label} is required` : undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (rule.rooms && (value < ROOMS_MIN || value > ROOMS_MAX)) return `Must be between ${ROOMS_MIN} and ${ROOMS_MAX}`;
  if (value < 0) return 'Must be 0 or more';
  if (rule.halfSteps && !Number.isInteger(value * 2)) return 'Use half steps (e.g. 2.5)';
  return undefined;
}

/** A number as a form shows it ('' for a missing value). */
export const numberText = (value: number | undefined | null): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

type KeysOf<R, V> = { [K in keyof R]-?: R[K] extends V ? K : never }[keyof R];

/**
 * A stored record's plain fields as its form holds them: the texts as stored, the numbers through numberText, and
 * '' for a missing one.
 */
export function formTexts<R, T extends KeysOf<R, string | undefined>, N extends KeysOf<R, number | undefined | null>>(
  record: R,
  texts: readonly T[],
  numbers: readonly N[],
): Record<T | N, string> {
  const fields = {} as Record<T | N, string>;
  for (const key of texts) fields[key] = (record[key] as string | undefined) ?? '';
  for (const key of numbers) fields[key] = numberText(record[key] as number | undefined | null);
  return fields;
}
