/** How the audit log words its entries: actions, record kinds, field names and values, and where a record lives. */
import { AUDIT_ENTITIES, type AuditEntity, type AuditValue } from '@domain/schemas/audit';

/** "contact.update" → "Contact update"; "admin.login" → "Admin login". */
export function actionLabel(action: string): string {
  const text = action.replace(/[._-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The record kinds as the admin menu names them (leads are stored as contacts; `session`: sign-ins, uploads). */
export const ENTITY_LABELS: Record<AuditEntity, string> = {
  communities: 'Communities',
  listings: 'Listings',
  properties: 'Properties',
  contacts: 'Leads',
  adminUsers: 'Admin users',
  settings: 'Site settings',
  session: 'Sign-ins and uploads',
};

export const ENTITY_OPTIONS = AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] }));

export const isAuditEntity = (value: string | null | undefined): value is AuditEntity =>
  (AUDIT_ENTITIES as readonly string[]).includes(value ?? '');

/** The kind of record, singular, for the record column ("Community", "Lead"). */
const SINGULAR: Record<AuditEntity, string> = {
  communities: 'Community',
  listings: 'Listing',
  properties: 'Property',
  contacts: 'Lead',
  adminUsers: 'Admin user',
  settings: 'Settings',
  session: 'Session',
};

export const entityLabel = (entity: string): string => (isAuditEntity(entity) ? SINGULAR[entity] : entity);

/**
 * Where the admin opens the record; undefined when there is nothing to open (sign-ins, a deleted record). Admin
 * users and settings have one page each, not one per record.
 */
export function recordPath(entry: { entity: string; entityId: string | null; action: string }): string | undefined {
  if (entry.action.endsWith('.delete')) return undefined;
  if (entry.entity === 'settings') return '/admin/settings';
  if (entry.entity === 'adminUsers') return '/admin/admin-users';
  if (!entry.entityId) return undefined;
  const id = encodeURIComponent(entry.entityId);
  const base: Partial<Record<string, string>> = {
    communities: '/admin/communities',
    listings: '/admin/listings',
    properties: '/admin/properties',
    contacts: '/admin/leads',
  };
  return base[entry.entity] ? `${base[entry.entity]}/${id}` : undefined;
}

/** "contactPhone" → "Contact phone"; "general.contactPhone" → "General › Contact phone". */
export function fieldLabel(field: string): string {
  return field
    .split('.')
    .map((part) => {
      const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}

/** A before/after value as read: nothing is "—", an empty text "(empty)", yes/no for true/false. */
export function valueLabel(value: AuditValue | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === '') return '(empty)';
  return String(value);
}
