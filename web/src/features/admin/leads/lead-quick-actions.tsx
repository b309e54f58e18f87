/**
 * The day's one-click work on a lead (issue 18): call (the phone's dialer), email (the mail app, with a subject
 * naming what they asked about) and confirm a visit. Each is logged on the lead's timeline; a call or an email is
 * logged as the link opens the app, since the site cannot know how the call went (a note says that).
 */
import { useEffect, useRef } from 'react';
import type { Lead } from '@domain/schemas/lead';
import { focusLeftWith, softDisabled } from '../shared/keep-focus';
import type { LeadEditor } from './use-lead-editor';

/** "Your visit to Austin Point", "Your question about 12 Oak Lane": what the lead wrote about. */
export function emailSubject(lead: Lead, communityName: string | undefined, siteName: string): string {
  const about = lead.listingTitle ?? communityName;
  if (lead.interest === 'visit') return about ? `Your visit to ${about}` : `Your visit with ${siteName}`;
  return about ? `Your question about ${about}` : `Your message to ${siteName}`;
}

export function LeadQuickActions({
  editor,
  communityName,
  siteName,
}: {
  editor: LeadEditor;
  communityName: string | undefined;
  siteName: string;
}) {
  const { base: lead, saving, dirty, save } = editor;
  const canConfirmVisit = lead.interest === 'visit' && lead.status !== 'APPOINTMENT' && lead.status !== 'SPAM';
  const mailto = `mailto:${lead.email}?subject=${encodeURIComponent(emailSubject(lead, communityName, siteName))}`;
  const busy = saving || dirty;
  // The button goes once the visit is confirmed: the keyboard stays in the quick actions instead of falling to the
  // top of the page (unless the admin has moved on meanwhile).
  const group = useRef<HTMLDivElement>(null);
  const confirmPressed = useRef(false);
  useEffect(() => {
    if (canConfirmVisit || !confirmPressed.current) return;
    confirmPressed.current = false;
    if (focusLeftWith()) group.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [canConfirmVisit]);

  return (
    <div ref={group} className="admin-lead-actions" role="group" aria-label="Quick actions">
      {lead.phone && (
        <a
          className="button button--ghost button--small"
          href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void save({ activity: { kind: 'call', text: '' } }, 'Call logged');
          }}
        >
          Call {lead.phone}
        </a>
      )}
      <a
        className="button button--ghost button--small"
        href={mailto}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) void save({ activity: { kind: 'email', text: '' } }, 'Email logged');
        }}
      >
        Email
      </a>
      {canConfirmVisit && (
        <button
          type="button"
          className="button button--secondary button--small"
          {...softDisabled(busy, () => {
            confirmPressed.current = true;
            void save({ status: 'APPOINTMENT', activity: { kind: 'visit-confirmed', text: '' } }, 'Visit confirmed');
          })}
        >
          Confirm visit
        </button>
      )}
    </div>
  );
}
