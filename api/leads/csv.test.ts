/** The CSV export's cells and columns: the formula guard, and when a lead arrived as the inbox shows it. */
import { describe, expect, it } from 'vitest';
import { receivedDay, type Lead } from '../../domain';
import { csvCell, leadsToCsv, type LeadNames } from './csv';

const NAMES: LeadNames = { communityName: () => undefined, listingTitle: () => undefined, adminEmail: () => undefined };

const lead = (overrides: Partial<Lead>): Lead =>
  ({
    id: 'lead-1',
    version: 1,
    name: 'Ann',
    email: 'ann@example.com',
    phone: '',
    message: 'Hello',
    interest: 'buying',
    source: 'popup',
    status: 'NEW',
    notes: '',
    createdAt: '2026-11-28T20:15:52.952Z',
    updatedAt: '2026-11-28T20:15:52.952Z',
    ...overrides,
  }) as Lead;

/** The file's rows as maps of header to cell (no cell in these leads holds a comma). */
function rows(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

describe('csvCell', () => {
  it('neutralises a formula after a tab inside a cell, as after a comma or semicolon', () => {
    // A reader splitting on tabs (a text import, a paste into a sheet) makes `=1` a cell of its own.
    expect(csvCell('x\t=1')).toBe("x\t'=1");
    expect(csvCell('a\t+1\t-2\t@SUM(1)')).toBe("a\t'+1\t'-2\t'@SUM(1)");
    expect(csvCell('x\t\t=1')).toBe("x\t'\t'=1");
    expect(csvCell('tab\tseparated words')).toBe('tab\tseparated words');
  });
});

describe('received columns', () => {
  it('come first, before the unchanged columns, and give the Central Time day From/To match', () => {
    const csv = leadsToCsv(
      [
        // Sent at 10:30 pm on Nov 24 in Houston (CST), stored days later when the phone came back online.
        lead({ id: 'late', submittedAt: '2026-11-25T04:30:00.000Z' }),
        // No submittedAt (older leads): when it was stored. 7:05 pm on Jul 4 (CDT).
        lead({ id: 'old', submittedAt: undefined, createdAt: '2026-07-05T00:05:00.000Z' }),
      ],
      NAMES,
    );
    expect(csv.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(
      /^receivedDay,receivedTime,receivedAt,createdAt,status,name,email,phone,interest,source,community,/,
    );
    const [late, old] = rows(csv);
    expect(late).toMatchObject({
      receivedDay: '2026-11-24',
      receivedTime: '22:30',
      receivedAt: '2026-11-25T04:30:00.000Z',
      createdAt: '2026-11-28T20:15:52.952Z',
    });
    expect(old).toMatchObject({
      receivedDay: '2026-07-04',
      receivedTime: '19:05',
      receivedAt: '2026-07-05T00:05:00.000Z',
    });
    expect(late!.receivedDay).toBe(receivedDay({ submittedAt: '2026-11-25T04:30:00.000Z', createdAt: '' }));
  });
});
