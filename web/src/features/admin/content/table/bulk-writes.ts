/**
 * Bulk status changes and deletes, record by record: each record is its own write (its own outbox entry, with its
 * own If-Match version), so one refusal or conflict is reported for that record and the others still go. The
 * writer is passed in (the repository's saveAdmin / deleteAdmin on the page), which keeps this file pure enough
 * to unit-test.
 */
import { ApiError } from '@/data/http-errors';

export interface BulkTarget {
  id: string;
  /** What the confirmation and the report call the record (a title or a name). */
  name: string;
}

export type BulkResult =
  /** The server has it. */
  | 'done'
  /** Stored on this device; the sync worker sends it when the network is back. */
  | 'queued'
  /** 412: someone else changed the record; parked in Sync for keep mine / take theirs. */
  | 'conflict'
  /** Refused (400, 403, 404, 409...) or failed otherwise; `message` says why. */
  | 'failed';

export interface BulkOutcome extends BulkTarget {
  result: BulkResult;
  message?: string;
}

/**
 * How many records are written at once: one. The outbox sends an admin write at once only when no earlier admin
 * write is still pending or being sent (a listing may belong to a community created offline); a second write in
 * flight would wait for a drain instead (up to 8 s), so one at a time is also the fastest.
 */
export const BULK_CONCURRENCY = 1;

/** Writes every target with `write` (`concurrency` at a time); never throws; outcomes come back in targets' order. */
export async function runBulk<T extends BulkTarget>(
  targets: readonly T[],
  write: (target: T) => Promise<{ queued: boolean }>,
  concurrency = BULK_CONCURRENCY,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = new Array<BulkOutcome>(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      const target = targets[index]!;
      const base = { id: target.id, name: target.name };
      try {
        const { queued } = await write(target);
        outcomes[index] = { ...base, result: queued ? 'queued' : 'done' };
      } catch (error) {
        outcomes[index] = failureOf(base, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  return outcomes;
}

function failureOf(target: BulkTarget, error: unknown): BulkOutcome {
  if (error instanceof ApiError && error.status === 412) return { ...target, result: 'conflict' };
  const message =
    error instanceof ApiError ? error.serverMessage || error.message : error instanceof Error ? error.message : '';
  return { ...target, result: 'failed', message: message || 'Failed' };
}

/** How many names the confirmation lists before "and N more". */
export const CONFIRM_NAME_LIMIT = 10;

/** The names a confirmation lists, one per line ("• name"), then "and N more" when there are many. */
export function namesList(targets: readonly BulkTarget[], limit = CONFIRM_NAME_LIMIT): string {
  const lines = targets.slice(0, limit).map((target) => `• ${target.name}`);
  if (targets.length > limit) lines.push(`and ${(targets.length - limit).toLocaleString('en-US')} more`);
  return lines.join('\n');
}

export interface BulkNouns {
  /** 'listing' */
  one: string;
  /** 'listings' */
  many: string;
}

export const countOf = (count: number, nouns: BulkNouns) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? nouns.one : nouns.many}`;

export function statusConfirmText(targets: readonly BulkTarget[], nouns: BulkNouns, statusLabel: string): string {
  return `Change the status of ${countOf(targets.length, nouns)} to ${statusLabel}?\n${namesList(targets)}`;
}

export function deleteConfirmText(targets: readonly BulkTarget[], nouns: BulkNouns): string {
  return `Delete ${countOf(targets.length, nouns)}? This action cannot be undone.\n${namesList(targets)}`;
}

export interface BulkSummary {
  /** The success toast ('' when nothing succeeded). */
  success: string;
  /** The records that did not change, with why (for the page's report). */
  problems: BulkOutcome[];
}

/** What the admin is told after a bulk write: one success toast and the list of records that did not change. */
export function summarise(
  outcomes: readonly BulkOutcome[],
  nouns: BulkNouns,
  verb: 'updated' | 'deleted',
): BulkSummary {
  const done = outcomes.filter((outcome) => outcome.result === 'done').length;
  const queued = outcomes.filter((outcome) => outcome.result === 'queued').length;
  const parts: string[] = [];
  if (done > 0) parts.push(`${countOf(done, nouns)} ${verb}`);
  if (queued > 0) parts.push(`${countOf(queued, nouns)} ${verb} on this device; will sync when online`);
  return {
    success: parts.join('; '),
    problems: outcomes.filter((outcome) => outcome.result === 'conflict' || outcome.result === 'failed'),
  };
}
