/**
 * One instance's in-memory mirror of the PostgreSQL records (the shared engine of engine.ts) and how it follows
 * the database: a full reload, or the change log applied row by row. Revisions add a base that is bumped for
 * every collection a caught-up change touches and on every reload, so the JSON and page caches, which key on
 * revisions, drop what they built from the old state.
 */
import type pg from 'pg';
import { Engine, isExpired } from './engine';
import { errorText, readEverything, type LogRow } from './postgres-sql';
import { COLLECTION_NAMES, type CollectionName } from './storage';

const COLLECTION_SET = new Set<string>(COLLECTION_NAMES);

export class PostgresMirror {
  engine = new Engine();
  /** The change-log seq the mirror has applied. */
  lastSeq = 0;
  /** Set when the log showed a gap or the mirror could not apply it: the next write reloads everything. */
  needReload = false;
  private readonly revisionBase = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, 0])) as Record<
    CollectionName,
    number
  >;

  constructor(
    private readonly now: () => number,
    private readonly log: (message: string) => void,
  ) {}

  revision(collection: CollectionName): number {
    return this.revisionBase[collection] + this.engine.revision(collection);
  }

  /** Replaces the mirror with every record of the database (caller holds the write lock, or nobody writes yet). */
  async reload(client: pg.ClientBase): Promise<void> {
    const fresh = new Engine();
    const nowMs = this.now();
    const { records, seq } = await readEverything(client);
    for (const { collection, data } of records) {
      // A collection this version does not know (a newer version wrote it) is left alone in the database.
      if (!COLLECTION_SET.has(collection)) continue;
      const c = collection as CollectionName;
      if (isExpired(c, data, nowMs)) continue;
      fresh.load({ op: 'put', c, r: data });
    }
    for (const name of COLLECTION_NAMES) this.revisionBase[name] += this.engine.revision(name) + 1;
    this.engine = fresh;
    this.lastSeq = seq;
    this.needReload = false;
  }

  /**
   * Applies log rows in seq order, each only if it is the next one; rows at or below lastSeq are skipped (another
   * catch-up applied them). Returns false when a row is missing (pruned) or cannot be applied: reload needed.
   */
  applyLog(rows: LogRow[]): boolean {
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq <= this.lastSeq) continue;
      if (seq !== this.lastSeq + 1) return false;
      const touched = new Set<CollectionName>();
      try {
        for (const change of row.changes) {
          this.engine.load(change);
          touched.add(change.c);
        }
      } catch (error) {
        this.log(
          `PostgreSQL storage: change ${seq} could not be applied to the mirror (${errorText(error)}); reloading`,
        );
        for (const name of COLLECTION_NAMES) this.revisionBase[name]++;
        return false;
      }
      for (const collection of touched) this.revisionBase[collection]++;
      this.lastSeq = seq;
    }
    return true;
  }
}
