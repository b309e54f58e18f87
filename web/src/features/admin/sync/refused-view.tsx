/**
 * A change the server refused (400, 404, 409, 422...): the server's reason, the fields it names, and the change
 * itself, field by field. Retry sends the same change again and Discard drops it, so without its fields an admin
 * could neither fix it nor see what Discard throws away (a record a colleague deleted meanwhile: the edit's values
 * are here to copy, and this device's copy of the record may be gone).
 */
import type { OutboxEntry } from '@/data/repositories/admin/sync-center';
import { FieldValue } from './conflict-view';
import { fieldLabel } from './entry-labels';

/** Sent with every change, not typed by the admin. */
const BOOKKEEPING_FIELDS = new Set(['id', 'version']);

export function changedFieldsOf(entry: Pick<OutboxEntry, 'payload'>): [field: string, value: unknown][] {
  const { payload } = entry;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return [];
  return Object.entries(payload).filter(([field]) => !BOOKKEEPING_FIELDS.has(field));
}

export function RefusedView({ entry }: { entry: OutboxEntry }) {
  const fields = changedFieldsOf(entry);
  return (
    <>
      <div className="admin-alert" data-tone="error">
        <p>{entry.lastError || 'The server refused this change.'}</p>
        {entry.details && entry.details.length > 0 && (
          <ul style={{ margin: '6px 0 0', paddingLeft: 20, fontWeight: 400 }}>
            {entry.details.map((detail) => (
              <li key={`${detail.path}-${detail.message}`}>
                <strong>{detail.path || 'record'}</strong>: {detail.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      {fields.length > 0 && (
        <details>
          <summary>
            {entry.op === 'create' ? 'The new record' : 'Your change'} ({fields.length}{' '}
            {fields.length === 1 ? 'field' : 'fields'})
          </summary>
          <dl className="admin-dl" style={{ marginTop: 10 }}>
            {fields.map(([field, value]) => (
              <div key={field} style={{ display: 'contents' }}>
                <dt>{fieldLabel(field)}</dt>
                <dd>
                  <FieldValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </>
  );
}
