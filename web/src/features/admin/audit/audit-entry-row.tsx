/**
 * One line of the audit log: when, who, the action, the record by its name (a link to it while it exists) and,
 * for an update, its changes field by field behind a disclosure, so a long list does not push the trail apart.
 */
import { Link } from 'react-router-dom';
import type { AuditEntry } from '@/data/repositories/admin/audit';
import { ColumnHeads } from '../shared/column-heads';
import { formatDateTime } from '../shared/date-time-format';
import { actionLabel, entityLabel, fieldLabel, recordPath, valueLabel } from './audit-labels';

function OutcomeBadge({ outcome }: { outcome: string }) {
  const ok = outcome === 'success';
  return (
    <span className="admin-badge" data-tone={ok ? 'green' : 'red'}>
      {ok ? 'Success' : 'Failure'}
    </span>
  );
}

/** The record's name, or (entries from before names were kept) its short id. */
function RecordCell({ entry }: { entry: AuditEntry }) {
  if (entry.entity === 'session' && !entry.recordName) return <span className="admin-muted">—</span>;
  const name = entry.recordName ?? (entry.entityId ? entry.entityId.slice(0, 8) : '');
  const path = recordPath(entry);
  return (
    <>
      {name && path ? <Link to={path}>{name}</Link> : name || <span className="admin-muted">—</span>}
      <div className="admin-muted admin-small">{entityLabel(entry.entity)}</div>
    </>
  );
}

/** An update's before/after, field by field. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = entry.changes ?? [];
  if (changes.length === 0) return null;
  const count = changes.length + (entry.moreChanges ?? 0);
  return (
    <details className="admin-audit-changes">
      <summary>
        {count} {count === 1 ? 'field' : 'fields'} changed
      </summary>
      <table className="admin-table admin-small">
        <ColumnHeads labels={['Field', 'Before', 'After']} />
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{fieldLabel(change.field)}</th>
              <td style={{ overflowWrap: 'anywhere' }}>{valueLabel(change.before)}</td>
              <td style={{ overflowWrap: 'anywhere' }}>{valueLabel(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entry.moreChanges ? (
        <p className="admin-muted admin-small">
          …and {entry.moreChanges} more {entry.moreChanges === 1 ? 'field' : 'fields'}.
        </p>
      ) : null}
    </details>
  );
}

export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at ?? entry.createdAt)}</td>
      <td style={{ overflowWrap: 'anywhere' }}>{entry.actorEmail ?? <span className="admin-muted">—</span>}</td>
      <td>
        {actionLabel(entry.action)}
        {entry.detail && <div className="admin-muted admin-small">{entry.detail}</div>}
        <AuditChanges entry={entry} />
      </td>
      <td style={{ overflowWrap: 'anywhere' }}>
        <RecordCell entry={entry} />
      </td>
      <td>
        <OutcomeBadge outcome={entry.outcome} />
      </td>
      <td className="admin-small admin-muted">{entry.ip ?? '—'}</td>
    </tr>
  );
}
