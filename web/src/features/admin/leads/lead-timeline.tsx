/**
 * A lead's history (issue 18): notes with their author and time, status and owner changes, next steps, calls,
 * emails and visit confirmations, newest first, as the server recorded them; entries made on this device and
 * not yet on the server are marked "Waiting to sync". Below it, a note is added on its own (it goes straight to
 * the timeline and needs no Save of the form above).
 */
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@domain/constants';
import type { LeadEventKind } from '@domain/schemas/lead-work';
import type { ShownLeadEvent } from '@/data/repositories/admin/lead-view';
import { TextareaField } from '@/components/field';
import { formatDateTime } from '../shared/date-time-format';
import { softDisabled } from '../shared/keep-focus';
import type { LeadEditor } from './use-lead-editor';

const KIND_LABELS: Record<LeadEventKind, string> = {
  note: 'Note',
  status: 'Status',
  owner: 'Owner',
  'next-step': 'Next step',
  call: 'Call',
  email: 'Email',
  'visit-confirmed': 'Visit',
};

function AddNoteForm({ editor, idPrefix }: { editor: LeadEditor; idPrefix: string }) {
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim() || editor.saving) return;
    if (await editor.save({ note: note.trim() }, 'Note added')) setNote('');
  };
  return (
    <form className="admin-form admin-lead-note" onSubmit={(event) => void submit(event)} noValidate>
      <TextareaField
        id={`${idPrefix}-note`}
        label="Add a note"
        optional
        rows={2}
        maxLength={TEXT_LIMITS.long}
        value={note}
        placeholder="What was said, what comes next…"
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="admin-form__actions">
        {/* Soft-disabled (shared/keep-focus.ts): the focus stays here once the note is added and the field empty. */}
        <button
          type="submit"
          className="button button--secondary button--small"
          {...softDisabled(!note.trim() || editor.saving)}
        >
          Add note
        </button>
      </div>
    </form>
  );
}

export function LeadTimeline({ editor, idPrefix }: { editor: LeadEditor; idPrefix: string }) {
  const events = [...((editor.base.timeline ?? []) as ShownLeadEvent[])].reverse();
  const titleId = `${idPrefix}-timeline`;
  return (
    <section className="admin-lead-timeline" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-card__title">
        Timeline
      </h3>
      <AddNoteForm editor={editor} idPrefix={idPrefix} />
      {events.length === 0 ? (
        <p className="admin-muted admin-small">Nothing yet: notes, calls and changes will show here.</p>
      ) : (
        <ol className="admin-timeline" aria-label="Lead history, newest first">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} data-kind={event.kind} data-waiting={event.waiting ? 'true' : undefined}>
              <span className="admin-badge" data-tone={event.kind === 'note' ? 'blue' : 'grey'}>
                {KIND_LABELS[event.kind]}
              </span>
              <p className="admin-timeline__text">{event.text}</p>
              <span className="admin-muted admin-small">
                {event.actorEmail ?? 'Unknown admin'} · {formatDateTime(event.at)}
                {event.waiting && ' · Waiting to sync'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
