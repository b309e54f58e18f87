/**
 * What an audit entry says about the record a write touched (issue 18): its name, so the trail reads "Willow
 * Bend" rather than an id, and an update's changes field by field. Both are cut to size: an entry is one line of
 * a trail that only grows, so a 10 KB description or a list of 50 floor plans is summarised, never copied.
 */
import {
  AUDIT_MAX_CHANGES,
  AUDIT_MAX_VALUE_LENGTH,
  type AuditEntry,
  type AuditFieldChange,
  type AuditValue,
} from '../../domain';

type AnyRecord = Record<string, unknown>;

/** Fields that say nothing about what changed (the storage sets them on every write). */
const BOOKKEEPING_FIELDS = new Set(['id', 'version', 'createdAt', 'updatedAt']);
/** Secrets and their hashes stay out of the trail, even as "changed". */
const SECRET_FIELD = /pass|secret|token|hash|salt|apikey|api_key/i;
export const SETTINGS_RECORD_NAME = 'Site settings';

const isPlainObject = (value: unknown): value is AnyRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function truncate(text: string): string {
  return text.length > AUDIT_MAX_VALUE_LENGTH ? `${text.slice(0, AUDIT_MAX_VALUE_LENGTH - 1)}…` : text;
}

/** The same JSON for the same value whatever the key order, so a reordered object is not a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A value small enough for the trail: text cut at 200 characters, lists joined, objects as short JSON. */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return truncate(value);
  if (Array.isArray(value) && value.every((item) => !isPlainObject(item) && !Array.isArray(item))) {
    return truncate(value.map((item) => String(item ?? '')).join(', '));
  }
  const json = canonical(value);
  if (json.length <= AUDIT_MAX_VALUE_LENGTH) return json;
  // Cut JSON reads as noise: a long list of floor plans or timeline entries is told by its size.
  return Array.isArray(value) ? `${value.length} items` : truncate(json);
}

/** The name people know the record by; settings are one record, named as the admin menu names them. */
export function recordNameOf(entity: string, record: unknown): string | undefined {
  if (entity === 'settings') return SETTINGS_RECORD_NAME;
  if (!isPlainObject(record)) return undefined;
  const field = entity === 'adminUsers' ? 'email' : entity === 'listings' || entity === 'properties' ? 'title' : 'name';
  const name = record[field] ?? record.name ?? record.title;
  return typeof name === 'string' && name.trim() ? truncate(name) : undefined;
}

const isAudited = (field: string) => !BOOKKEEPING_FIELDS.has(field) && !SECRET_FIELD.test(field);

/**
 * The fields whose values differ, top level first; a group of fields on both sides (settings' `general`, a
 * community's `theme`) is compared one level down, as `general.phone`, since "general changed" tells nothing.
 */
function changedFields(before: AnyRecord, after: AnyRecord, prefix = ''): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(isAudited);
  return fields.flatMap((field): AuditFieldChange[] => {
    const was = before[field];
    const now = after[field];
    if (canonical(was) === canonical(now)) return [];
    if (!prefix && isPlainObject(was) && isPlainObject(now)) return changedFields(was, now, `${field}.`);
    return [{ field: `${prefix}${field}`, before: auditValue(was), after: auditValue(now) }];
  });
}

/** An update's changes, at most AUDIT_MAX_CHANGES of them, and how many more there were. */
export function auditChanges(before: unknown, after: unknown): Pick<AuditEntry, 'changes' | 'moreChanges'> {
  if (!isPlainObject(before) || !isPlainObject(after)) return {};
  const changes = changedFields(before, after);
  const more = changes.length - AUDIT_MAX_CHANGES;
  return { changes: changes.slice(0, AUDIT_MAX_CHANGES), ...(more > 0 ? { moreChanges: more } : {}) };
}

/**
 * The name and (when the record was there before and after: an update) the changes of the record a write
 * touched. A delete keeps the name of what it deleted; a create has no "before" and so no changes, except the
 * role a new admin account was given (who granted SUPER_ADMIN is what a security review asks first).
 */
export function auditDetails(
  entity: string,
  before: unknown,
  after: unknown,
): Pick<AuditEntry, 'recordName' | 'changes' | 'moreChanges'> {
  const recordName = recordNameOf(entity, after ?? before);
  const grantedRole =
    entity === 'adminUsers' && before === undefined && isPlainObject(after) && typeof after.role === 'string'
      ? { changes: [{ field: 'role', before: null, after: after.role }] }
      : {};
  return {
    ...(recordName !== undefined ? { recordName } : {}),
    ...(before !== undefined && after !== undefined ? auditChanges(before, after) : grantedRole),
  };
}
