import { z } from './zod';
import type { RecordMeta } from './common';

/** A value as the audit keeps it: text (long text, lists and objects summarised), a number, yes/no, or nothing. */
export type AuditValue = string | number | boolean | null;

/** One field an update changed, as it was and as it became. */
export interface AuditFieldChange {
  /** A top-level field, or `parent.child` inside a settings-like group of fields. */
  field: string;
  before: AuditValue;
  after: AuditValue;
}

/** One line of the audit trail: every admin write, upload and login attempt. */
export interface AuditEntry extends RecordMeta {
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  /** e.g. 'community.update', 'admin.login', 'upload.create'. */
  action: string;
  entity: string;
  entityId: string | null;
  ip: string | null;
  outcome: 'success' | 'failure';
  detail?: string;
  /**
   * The record's name when it was written (a community's name, a listing's title, an admin's email...); a delete
   * keeps the name of what it deleted. Entries written before names were recorded have none.
   */
  recordName?: string;
  /** An update's changes, field by field (at most AUDIT_MAX_CHANGES; version, dates and secrets never). */
  changes?: AuditFieldChange[];
  /** How many more fields the update changed than `changes` lists. */
  moreChanges?: number;
}

/**
 * The kinds of record an admin writes, one collection each on the server (api/storage COLLECTION_NAMES adds the
 * server's own: idempotency, audit).
 */
export const RECORD_COLLECTIONS = [
  'communities',
  'listings',
  'properties',
  'contacts',
  'adminUsers',
  'settings',
] as const;
/** The record kinds the audit trail names (`session`: sign-ins and uploads). */
export const AUDIT_ENTITIES = [...RECORD_COLLECTIONS, 'session'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_MAX_CHANGES = 30;
/** The longest text an audit value keeps; longer ones end in "…". */
export const AUDIT_MAX_VALUE_LENGTH = 200;

const auditDateSchema = z.iso.date({ error: 'Use a date such as 2026-01-31' });

/** GET /api/audit: paging, and filters by actor (id or email), record kind and day range (inclusive, UTC). */
export const auditQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
    actorId: z.string().trim().min(1).max(320).optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: `Choose a record kind: ${AUDIT_ENTITIES.join(', ')}` }).optional(),
    from: auditDateSchema.optional(),
    to: auditDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'The start date must be on or before the end date',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Someone who appears in the trail, for the "who" filter (deleted admins included, by their email then). */
export interface AuditActor {
  id: string;
  email: string | null;
}

/** GET /api/audit's answer: one page of the filtered trail, how many match, and every actor in the trail. */
export interface AuditPage {
  total: number;
  entries: AuditEntry[];
  actors: AuditActor[];
}
