/** Display texts for outbox entries on the Sync page. */
import { ENTITY_NAMES, type OutboxEntry } from '@/data/repositories/admin/sync-center';

export const ENTITY_LABELS: Record<string, string> = ENTITY_NAMES;

export const OP_LABELS: Record<string, string> = {
  create: 'New',
  update: 'Edit of',
  patch: 'Edit of',
  delete: 'Delete',
};

const NAME_FIELDS = ['name', 'title', 'email', 'siteName'] as const;

function nameOf(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const field of NAME_FIELDS) {
    if (typeof record[field] === 'string' && record[field]) return record[field];
  }
  return undefined;
}

/** The record's name or title, from the change, the server's copy or this device's copy; else a short id. */
export function entryTitle(entry: OutboxEntry): string {
  if (entry.entity === 'settings') return 'site settings';
  return (
    nameOf(entry.payload) ?? nameOf(entry.conflict?.current) ?? entry.recordName ?? `#${entry.entityId.slice(0, 8)}`
  );
}

/** "metaTitle" → "Meta title"; "general.siteName" → "General › Site name". */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      const words = part
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase();
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}
