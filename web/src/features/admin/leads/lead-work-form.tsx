/**
 * The staff's part of a lead (DESIGN §6, issue 18): status, owner, next step with its date, and notes, with Save
 * and Discard; the spam toggle and Delete; and what went wrong with the last save (a conflict offers the latest
 * version and, when the change was parked, the comparison on the Sync page).
 */
import { Link } from 'react-router-dom';
import { LEAD_STATUSES, TEXT_LIMITS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import type { LeadOwner } from '@/data/repositories/admin/lead-view';
import { Field, SelectField, TextareaField } from '@/components/field';
import { AdminAlert } from '../shared/admin-alert';
import { focusLeftWith, softDisabled } from '../shared/keep-focus';
import { STATUS_LABELS, type LeadStatusValue } from './lead-labels';
import type { LeadEditor } from './use-lead-editor';

const SMALL_GHOST = 'button button--ghost button--small';

function ConflictAlert({ parked, onReload }: { parked: boolean; onReload: () => void }) {
  return (
    <AdminAlert
      tone="warning"
      actions={
        <>
          <button type="button" className="button button--small button--ghost" onClick={onReload}>
            Load the latest version
          </button>
          {parked && (
            <Link to="/admin/sync" className="button button--small button--ghost">
              Compare both versions
            </Link>
          )}
        </>
      }
    >
      {MESSAGES.versionConflict}
    </AdminAlert>
  );
}

export function LeadWorkForm({
  editor,
  idPrefix,
  owners,
  myId,
  onReload,
}: {
  editor: LeadEditor;
  idPrefix: string;
  owners: LeadOwner[];
  myId: string | undefined;
  onReload: () => void;
}) {
  const { base, fields, setField, dirty, saving, problem, save } = editor;
  const spamToggle =
    base.status === 'SPAM'
      ? { label: 'Not spam', status: 'NEW' as const }
      : { label: 'Mark as spam', status: 'SPAM' as const };
  // An owner who has since been deactivated still shows, so the form does not silently change it.
  const ownerOptions =
    fields.ownerId && !owners.some((owner) => owner.id === fields.ownerId)
      ? [...owners, { id: fields.ownerId, email: 'An admin no longer active' }]
      : owners;

  return (
    <form className="admin-form" style={{ marginTop: 20 }} onSubmit={editor.submit} noValidate>
      {problem?.kind === 'conflict' && <ConflictAlert parked={problem.parked} onReload={onReload} />}
      {problem?.kind === 'error' && <AdminAlert tone="error">{problem.text}</AdminAlert>}
      <div className="admin-form__row">
        <SelectField
          id={`${idPrefix}-status`}
          label="Status"
          value={fields.status}
          onChange={(event) => setField('status', event.target.value as LeadStatusValue)}
        >
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${idPrefix}-owner`}
          label="Owner"
          value={fields.ownerId}
          onChange={(event) => setField('ownerId', event.target.value)}
        >
          <option value="">Unassigned</option>
          {ownerOptions.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {owner.id === myId ? `${owner.email} (me)` : owner.email}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="admin-form__row">
        <Field id={`${idPrefix}-next-step`} label="Next step" optional>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={TEXT_LIMITS.short}
              value={fields.nextStep}
              placeholder="Call back, send the price sheet…"
              onChange={(event) => setField('nextStep', event.target.value)}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-next-step-at`} label="Due" optional>
          {(props) => (
            <input
              {...props}
              type="date"
              value={fields.nextStepAt}
              onChange={(event) => setField('nextStepAt', event.target.value)}
            />
          )}
        </Field>
      </div>
      <TextareaField
        id={`${idPrefix}-notes`}
        label="Notes"
        optional
        rows={3}
        maxLength={TEXT_LIMITS.long}
        value={fields.notes}
        placeholder="What they are looking for, in short…"
        onChange={(event) => setField('notes', event.target.value)}
      />
      {/* The buttons are soft-disabled (shared/keep-focus.ts): a keyboard save keeps the focus on the pressed one. */}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary button--small" {...softDisabled(!dirty || saving)}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
        {dirty && !saving && (
          <button type="button" className={SMALL_GHOST} onClick={editor.discard}>
            Discard
          </button>
        )}
        {myId && fields.ownerId !== myId && !dirty && (
          <button
            type="button"
            className={SMALL_GHOST}
            {...softDisabled(saving, (event) => {
              const pressed = event.currentTarget;
              // Once assigned the button goes: the focus moves to the Owner select, which now names "(me)".
              void save({ ownerId: myId }, 'Assigned to you').then((saved) => {
                if (saved && focusLeftWith(pressed)) document.getElementById(`${idPrefix}-owner`)?.focus();
              });
            })}
          >
            Assign to me
          </button>
        )}
        <button
          type="button"
          className={SMALL_GHOST}
          {...softDisabled(saving || dirty, () => void save({ status: spamToggle.status }))}
        >
          {spamToggle.label}
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          style={{ marginLeft: 'auto' }}
          {...softDisabled(saving, () => void editor.remove())}
        >
          Delete
        </button>
      </div>
    </form>
  );
}
