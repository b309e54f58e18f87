/**
 * The staff's part of a lead (DESIGN §6): status and notes with Save and Discard, the one-click Confirm visit and
 * spam buttons, Delete, and what went wrong with the last save (a conflict offers the latest version and, when the
 * change was parked, the comparison on the Sync page).
 */
import { Link } from 'react-router-dom';
import { LEAD_STATUSES, TEXT_LIMITS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import { Field, SelectField } from '@/components/field';
import { AdminAlert } from '../shared/admin-alert';
import { STATUS_LABELS, type LeadStatusValue } from './lead-labels';
import type { LeadEditor } from './use-lead-editor';

const SMALL_GHOST = 'button button--ghost button--small';

export function LeadStatusForm({
  editor,
  idPrefix,
  onReload,
}: {
  editor: LeadEditor;
  idPrefix: string;
  onReload: () => void;
}) {
  const { base, status, notes, dirty, saving, problem, save } = editor;
  // A visit request is confirmed by setting the appointment status (after agreeing the time with the buyer).
  const canConfirmVisit = base.interest === 'visit' && base.status !== 'APPOINTMENT' && base.status !== 'SPAM';
  const spamToggle =
    base.status === 'SPAM'
      ? { label: 'Not spam', status: 'NEW' as const }
      : { label: 'Mark as spam', status: 'SPAM' as const };

  return (
    <form className="admin-form" style={{ marginTop: 20 }} onSubmit={editor.submit} noValidate>
      {problem?.kind === 'conflict' && (
        <AdminAlert
          tone="warning"
          actions={
            <>
              <button type="button" className="button button--small button--ghost" onClick={onReload}>
                Load the latest version
              </button>
              {problem.parked && (
                <Link to="/admin/sync" className="button button--small button--ghost">
                  Compare both versions
                </Link>
              )}
            </>
          }
        >
          {MESSAGES.versionConflict}
        </AdminAlert>
      )}
      {problem?.kind === 'error' && <AdminAlert tone="error">{problem.text}</AdminAlert>}
      <SelectField
        id={`${idPrefix}-status`}
        label="Status"
        value={status}
        onChange={(event) => editor.setStatus(event.target.value as LeadStatusValue)}
      >
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <Field id={`${idPrefix}-notes`} label="Notes" optional>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={TEXT_LIMITS.long}
            value={notes}
            placeholder="Calls, visits, what they are looking for…"
            onChange={(event) => editor.setNotes(event.target.value)}
          />
        )}
      </Field>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary button--small" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
        {dirty && !saving && (
          <button type="button" className={SMALL_GHOST} onClick={editor.discard}>
            Discard
          </button>
        )}
        {canConfirmVisit && (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={saving || dirty}
            onClick={() => void save({ status: 'APPOINTMENT' })}
          >
            Confirm visit
          </button>
        )}
        <button
          type="button"
          className={SMALL_GHOST}
          disabled={saving || dirty}
          onClick={() => void save({ status: spamToggle.status })}
        >
          {spamToggle.label}
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          style={{ marginLeft: 'auto' }}
          onClick={() => void editor.remove()}
          disabled={saving}
        >
          Delete
        </button>
      </div>
    </form>
  );
}
