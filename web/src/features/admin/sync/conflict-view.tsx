/**
 * Both versions of a conflicting change, field by field (DESIGN §5): "mine" is the change kept on this device
 * (the entry's payload), "theirs" the record now on the server (conflict.current). Rows that differ are marked.
 * An update carries only the fields the admin changed; the server's other fields are listed apart.
 */
import type { OutboxEntry } from '@/data/repositories/admin/sync-center';
import { ColumnHeads } from '../shared/column-heads';
import { formatDateTime } from '../shared/date-time-format';
import { fieldLabel } from './entry-labels';

/** Bookkeeping fields: shown in the header, not compared. */
const META_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'version']);

export interface DiffRow {
  field: string;
  mine: unknown;
  theirs: unknown;
  /** False when this change does not touch the field (an update sends only what changed). */
  inMine: boolean;
  differs: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stable JSON for comparing (object keys sorted). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Field-by-field rows of mine (a full record or a patch) against theirs (the server's record). */
export function diffFields(mine: unknown, theirs: unknown): DiffRow[] {
  const mineRecord = isPlainObject(mine) ? mine : {};
  const theirsRecord = isPlainObject(theirs) ? theirs : {};
  const fields = [...new Set([...Object.keys(mineRecord), ...Object.keys(theirsRecord)])].filter(
    (field) => !META_FIELDS.has(field),
  );
  return fields.map((field) => {
    const inMine = field in mineRecord;
    return {
      field,
      mine: mineRecord[field],
      theirs: theirsRecord[field],
      inMine,
      differs: inMine && canonical(mineRecord[field]) !== canonical(theirsRecord[field]),
    };
  });
}

/** One field's value as the Sync page shows it (both versions of a conflict, a refused change's fields). */
export function FieldValue({ value }: { value: unknown }) {
  if (value === undefined || value === null || value === '') return <span className="admin-muted">(empty)</span>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'string' || typeof value === 'number') return <>{String(value)}</>;
  return <pre>{JSON.stringify(value, null, 2)}</pre>;
}

export function ConflictView({ entry }: { entry: OutboxEntry }) {
  const theirs = entry.conflict?.current;
  const theirsMeta = isPlainObject(theirs) ? theirs : {};
  const rows = diffFields(entry.payload, theirs);
  const changed = rows.filter((row) => row.inMine);
  const untouched = rows.filter((row) => !row.inMine);
  const differing = changed.filter((row) => row.differs).length;

  return (
    <div className="admin-entry">
      <p className="admin-small admin-muted" style={{ margin: 0 }}>
        Your change was based on version {entry.baseVersion ?? '?'}; the server now has version{' '}
        {typeof theirsMeta.version === 'number' ? theirsMeta.version : '?'}
        {typeof theirsMeta.updatedAt === 'string' ? `, saved ${formatDateTime(theirsMeta.updatedAt)}` : ''}.{' '}
        {entry.op === 'delete'
          ? 'You deleted this record.'
          : `${differing} of ${changed.length} ${changed.length === 1 ? 'field differs' : 'fields differ'}.`}
      </p>
      {!theirs && <p className="admin-muted">The server did not send its version.</p>}
      {entry.op === 'delete' ? (
        <div className="admin-alert" data-tone="warning">
          <p>Mine: delete this record. Theirs: the record was changed (its fields are below).</p>
        </div>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-diff">
            <caption className="admin-visually-hidden">Your version and theirs, field by field</caption>
            <ColumnHeads labels={['Field', 'Mine (this device)', 'Theirs (server)']} />
            <tbody>
              {changed.map((row) => (
                <tr key={row.field} data-differs={row.differs ? 'true' : 'false'}>
                  <th scope="row">
                    {fieldLabel(row.field)}
                    {row.differs && <span className="admin-visually-hidden"> (differs)</span>}
                  </th>
                  <td>
                    <FieldValue value={row.mine} />
                  </td>
                  <td>
                    <FieldValue value={row.theirs} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {untouched.length > 0 && (
        <details>
          <summary>
            {entry.op === 'delete' ? 'Their version' : `Fields you did not change (${untouched.length})`}
          </summary>
          <dl className="admin-dl" style={{ marginTop: 10 }}>
            {untouched.map((row) => (
              <div key={row.field} style={{ display: 'contents' }}>
                <dt>{fieldLabel(row.field)}</dt>
                <dd>
                  <FieldValue value={row.theirs} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
