/**
 * One lead, whole: who, what they asked, where from (links to the listing or community), and the staff's status
 * and notes, saved through updateLead with the version the admin started from (a conflict says so).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LEAD_STATUSES, TEXT_LIMITS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import type { ContactRequest } from '@domain/schemas/contact';
import { formatSlot } from '@domain/visit-slots';
import { BUYING_TIMELINE_LABELS } from '@domain/schemas/open-house';
import { Field } from '@/components/field';
import { deleteLead, updateLead } from '@/data/repositories/admin/leads';
import { SaveConflictError } from '@/data/repositories/admin/errors';
import { useConfirm } from '../shared/confirm-dialog';
import { errorMessage, isAuthError, isConflictError } from '../shared/errors';
import { notifyLeadsChanged } from '../shared/events';
import { formatDateTime, formatLongDate } from '../shared/format';
import { useToast } from '../shared/toast';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import {
  interestLabel,
  quickFillLabel,
  SLOT_LABELS,
  sourceLabel,
  STATUS_LABELS,
  STATUS_TONES,
  statusLabel,
  VISIT_TYPE_LABELS,
  type LeadStatusValue,
} from './lead-labels';

interface LeadDetailProps {
  lead: ContactRequest;
  communityName: (id: string) => string | undefined;
  backTo: string;
  onSaved: (lead: ContactRequest) => void;
  onDeleted: (id: string) => void;
  onReload: () => void;
}

type Problem = { kind: 'conflict'; parked: boolean } | { kind: 'error'; text: string };

export function LeadDetail({ lead, communityName, backTo, onSaved, onDeleted, onReload }: LeadDetailProps) {
  const baseId = useId();
  const toast = useToast();
  const confirm = useConfirm();
  const [status, setStatus] = useState<LeadStatusValue>(lead.status);
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [base, setBase] = useState(lead);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  // A newer copy of the same lead (after a reload) becomes the base when nothing was edited.
  const dirty = status !== base.status || notes !== (base.notes ?? '');
  if (lead !== base && lead.id === base.id && !dirty && !saving) {
    setBase(lead);
    setStatus(lead.status);
    setNotes(lead.notes ?? '');
  }
  // A conflicting save is parked in the outbox (Sync page): leaving does not lose it, so no warning then.
  const parked = problem?.kind === 'conflict' && problem.parked;
  useUnsavedChangesGuard(dirty && !parked, `admin-lead-${lead.id}`);

  const save = async (patch: { status?: LeadStatusValue; notes?: string }) => {
    setSaving(true);
    setProblem(null);
    try {
      const { record, queued } = await updateLead(base.id, patch, base.version);
      setBase(record);
      setStatus(record.status);
      setNotes(record.notes ?? '');
      onSaved(record);
      notifyLeadsChanged();
      toast.success(queued ? 'Saved on this device; it will sync once you are online.' : 'Lead updated');
    } catch (error) {
      if (isAuthError(error)) return;
      if (isConflictError(error)) setProblem({ kind: 'conflict', parked: error instanceof SaveConflictError });
      else setProblem({ kind: 'error', text: errorMessage(error, 'Failed to update lead') });
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const patch: { status?: LeadStatusValue; notes?: string } = {};
    if (status !== base.status) patch.status = status;
    if (notes !== (base.notes ?? '')) patch.notes = notes;
    if (patch.status === undefined && patch.notes === undefined) return;
    void save(patch);
  };

  const onDelete = async () => {
    const ok = await confirm(`Delete the lead from ${base.name}? This action cannot be undone.`, {
      title: 'Delete lead',
      confirmLabel: 'Delete lead',
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await deleteLead(base.id, base.version);
      notifyLeadsChanged();
      toast.success(result.queued ? 'Deleted on this device; it will sync once you are online.' : 'Lead deleted');
      onDeleted(base.id);
    } catch (error) {
      if (!isAuthError(error)) toast.error(errorMessage(error, 'Failed to delete lead'));
    }
  };

  const community = base.communityId ? (communityName(base.communityId) ?? base.communityId) : undefined;
  const titleId = `${baseId}-title`;

  return (
    <section className="admin-card admin-lead-detail" aria-labelledby={titleId}>
      <Link
        to={backTo}
        className="admin-lead-detail__back button button--ghost button--small"
        style={{ marginBottom: 12 }}
      >
        ← Back to the list
      </Link>
      <div className="admin-entry__head">
        <h2 id={titleId} style={{ margin: 0, fontSize: '1.3rem' }}>
          {base.name}
        </h2>
        <span className="admin-badge" data-tone={STATUS_TONES[base.status]}>
          {statusLabel(base.status)}
        </span>
      </div>
      <p className="admin-muted admin-small" style={{ margin: '4px 0 16px' }}>
        Received {formatDateTime(base.submittedAt ?? base.createdAt)}
      </p>

      <dl className="admin-dl">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${base.email}`}>{base.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{base.phone ? <a href={`tel:${base.phone}`}>{base.phone}</a> : '—'}</dd>
        <dt>Interest</dt>
        <dd>{interestLabel(base.interest)}</dd>
        <dt>Source</dt>
        <dd>{sourceLabel(base.source)}</dd>
        {base.listingId && (
          <>
            <dt>Listing</dt>
            <dd>
              <a href={`/listing/${encodeURIComponent(base.listingId)}`} target="_blank" rel="noopener">
                {base.listingTitle || base.listingId} ↗
              </a>
            </dd>
          </>
        )}
        {base.communityId && (
          <>
            <dt>Community</dt>
            <dd>
              <a href={`/community/${encodeURIComponent(base.communityId)}`} target="_blank" rel="noopener">
                {community} ↗
              </a>
            </dd>
          </>
        )}
        {base.listingIds && base.listingIds.length > 0 && (
          <>
            <dt>Shortlist</dt>
            <dd>
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {base.listingIds.map((id) => (
                  <li key={id}>
                    <a href={`/listing/${encodeURIComponent(id)}`} target="_blank" rel="noopener">
                      Listing {id.slice(0, 8)} ↗
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {base.preferredDate && (
          <>
            <dt>Preferred visit</dt>
            <dd>
              {formatLongDate(`${base.preferredDate}T12:00:00Z`)}
              {base.preferredSlot
                ? `, ${SLOT_LABELS[base.preferredSlot] ?? `${formatSlot(base.preferredSlot)} Central Time`}`
                : ''}
              {base.visitType ? ` · ${VISIT_TYPE_LABELS[base.visitType] ?? base.visitType}` : ''}
            </dd>
          </>
        )}
        {base.openHouseDate && (
          <>
            <dt>Open house</dt>
            <dd>{formatLongDate(`${base.openHouseDate}T12:00:00Z`)}</dd>
          </>
        )}
        {base.buyingTimeline && (
          <>
            <dt>Buying timeline</dt>
            <dd>{BUYING_TIMELINE_LABELS[base.buyingTimeline] ?? base.buyingTimeline}</dd>
          </>
        )}
        {base.workingWithAgent !== undefined && (
          <>
            <dt>Working with an agent</dt>
            <dd>{base.workingWithAgent ? 'Yes' : 'No'}</dd>
          </>
        )}
        {base.consentText && (
          <>
            <dt>Consent given</dt>
            <dd>{base.consentText}</dd>
          </>
        )}
        {base.quickFillMs !== undefined && (
          <>
            <dt>Quick send</dt>
            <dd>
              {quickFillLabel(base.quickFillMs)} of opening the form (autofill, or typed before the page finished
              loading). Mark it as spam if it is.
            </dd>
          </>
        )}
        {base.spamReason && (
          <>
            <dt>Spam reason</dt>
            <dd>{base.spamReason}</dd>
          </>
        )}
        <dt>Last change</dt>
        <dd>{formatDateTime(base.updatedAt)}</dd>
      </dl>

      <h3 style={{ margin: '20px 0 8px', fontSize: '1rem' }}>Message</h3>
      <p className="admin-message-text">{base.message}</p>

      <form className="admin-form" style={{ marginTop: 20 }} onSubmit={onSubmit} noValidate>
        {problem?.kind === 'conflict' && (
          <div className="admin-alert" data-tone="warning" role="alert">
            <p>{MESSAGES.versionConflict}</p>
            <div className="admin-alert__actions">
              <button type="button" className="button button--small button--ghost" onClick={onReload}>
                Load the latest version
              </button>
              {problem.parked && (
                <Link to="/admin/sync" className="button button--small button--ghost">
                  Compare both versions
                </Link>
              )}
            </div>
          </div>
        )}
        {problem?.kind === 'error' && (
          <div className="admin-alert" data-tone="error" role="alert">
            <p>{problem.text}</p>
          </div>
        )}
        <Field id={`${baseId}-status`} label="Status">
          {(props) => (
            <select {...props} value={status} onChange={(event) => setStatus(event.target.value as LeadStatusValue)}>
              {LEAD_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${baseId}-notes`} label="Notes" optional>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              maxLength={TEXT_LIMITS.long}
              value={notes}
              placeholder="Calls, visits, what they are looking for…"
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </Field>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary button--small" disabled={!dirty || saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
          {dirty && !saving && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setStatus(base.status);
                setNotes(base.notes ?? '');
              }}
            >
              Discard
            </button>
          )}
          {/* A visit request is confirmed by setting the appointment status (after agreeing the time with the buyer). */}
          {base.interest === 'visit' && base.status !== 'APPOINTMENT' && base.status !== 'SPAM' && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={saving || dirty}
              onClick={() => void save({ status: 'APPOINTMENT' })}
            >
              Confirm visit
            </button>
          )}
          {base.status === 'SPAM' ? (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={saving || dirty}
              onClick={() => void save({ status: 'NEW' })}
            >
              Not spam
            </button>
          ) : (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={saving || dirty}
              onClick={() => void save({ status: 'SPAM' })}
            >
              Mark as spam
            </button>
          )}
          <button
            type="button"
            className="button button--danger-outline button--small"
            style={{ marginLeft: 'auto' }}
            onClick={() => void onDelete()}
            disabled={saving}
          >
            Delete
          </button>
        </div>
      </form>
    </section>
  );
}
