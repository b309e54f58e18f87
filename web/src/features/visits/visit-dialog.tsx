/**
 * The visit booking dialog (Schedule Visit, Schedule Tour, Schedule Viewing), loaded on first open. The visitor
 * picks in person or video, a date in the next 14 days and a start time from the sales-office hours (Central
 * Time), and leaves name, email, phone and consent. The request becomes a lead (interest 'visit', source 'visit')
 * through the inquiry outbox, so it is kept and sent later when the device is offline. The confirmation offers
 * the visit as an .ics calendar file.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { SalesOfficeHours } from '@domain/schemas/sales-office';
import { bookableDates, formatSlot, formatVisitDate, slotsForDate } from '@domain/visit-slots';
import { MESSAGES } from '@domain/messages';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { Field } from '@/components/field';
import { Modal } from '@/components/modal';
import { OFFLINE_QUEUED_MESSAGE } from '@/utils/inquiry-messages';
import { Honeypot, useFillTimer } from '@/components/spam-guard';
import { serverFieldErrors } from '@/data/submit-inquiry';
import { buildCalendarFile, calendarFileName, downloadCalendarFile } from './ics';
import {
  validateVisit,
  VISIT_FIELD_ORDER,
  VISIT_TYPE_TEXT,
  visitCalendarEvent,
  visitMessage,
  visitWhen,
  type VisitErrors,
  type VisitType,
  type VisitValues,
} from './visit-request';
import './visits.css';

export interface VisitDialogProps {
  /** The button's label, used as the dialog title. */
  title: string;
  community: { id: string; name: string; location?: string; salesOfficeHours?: SalesOfficeHours | undefined };
  /** A tour of one home (listing pages). */
  listing?: { id: string; title: string; address: string };
  onClose: () => void;
}

type Booked = { status: 'sent' | 'queued'; id: string; values: VisitValues };

export default function VisitDialog({ title, community, listing, onClose }: VisitDialogProps) {
  const { general } = useSiteSettings();
  // "Now" is fixed when the dialog opens, so the offered dates do not shift while the visitor types.
  const [openedAt] = useState(() => new Date());
  const dates = useMemo(
    () => bookableDates(openedAt, community.salesOfficeHours),
    [openedAt, community.salesOfficeHours],
  );
  const [values, setValues] = useState<VisitValues>({
    visitType: 'in-person',
    date: dates[0] ?? '',
    slot: '',
    name: '',
    email: '',
    phone: '',
    consent: false,
  });
  const slots = useMemo(
    () => (values.date ? slotsForDate(values.date, openedAt, community.salesOfficeHours) : []),
    [values.date, openedAt, community.salesOfficeHours],
  );
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<VisitErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const timer = useFillTimer();
  const place = {
    communityName: community.name,
    ...(community.location ? { communityLocation: community.location } : {}),
    ...(listing ? { listing: { title: listing.title, address: listing.address } } : {}),
  };

  useEffect(() => {
    if (booked) confirmation.current?.focus();
  }, [booked]);
  // The data layer is fetched as the dialog opens, so a visitor who loses the network while typing can still
  // submit: the request then waits in the outbox instead of failing to load the code that queues it.
  useEffect(() => {
    void import('@/data/repositories/inquiry-repository').catch(() => undefined);
  }, []);

  const edit = <K extends keyof VisitValues>(field: K, value: VisitValues[K]) => {
    setValues((current) => ({
      ...current,
      [field]: value,
      // A new date keeps the chosen time only when that date offers it too.
      ...(field === 'date' &&
      !slotsForDate(value as string, openedAt, community.salesOfficeHours).includes(current.slot)
        ? { slot: '' }
        : {}),
    }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setFailed(false);
  };

  const focusFirstError = (found: VisitErrors) => {
    const first = VISIT_FIELD_ORDER.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateVisit(values, slots);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);
    setSubmitting(true);
    try {
      const { submitInquiry } = await import('@/data/repositories/inquiry-repository');
      const result = await submitInquiry({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        message: visitMessage(values, place, general.siteName),
        interest: 'visit',
        source: 'visit',
        communityId: community.id,
        ...(listing ? { listingId: listing.id, listingTitle: listing.title } : {}),
        preferredDate: values.date,
        preferredSlot: values.slot,
        visitType: values.visitType,
        website,
        fillTimeMs: timer.elapsed(),
      });
      setBooked({ status: result.status, id: result.id, values });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error) as VisitErrors;
      setErrors(fieldErrors);
      setFailed(true);
      focusFirstError(fieldErrors);
    } finally {
      setSubmitting(false);
    }
  };

  const downloadIcs = () => {
    if (!booked) return;
    const event = visitCalendarEvent(booked.values, place, booked.id, location.host, location.href, new Date());
    downloadCalendarFile(
      buildCalendarFile(event),
      calendarFileName(listing?.title ?? community.name, booked.values.date),
    );
  };

  const description = listing
    ? `Book a tour of ${listing.title} in ${community.name}.`
    : `Book a visit to the ${community.name} sales office.`;

  if (booked)
    return (
      <Modal titleId="visit-dialog-title" title={title} description={description} onClose={onClose}>
        <div className="visit-confirmation" ref={confirmation} tabIndex={-1} role="status" aria-live="polite">
          {booked.status === 'sent' ? (
            <p className="notice notice--success">
              Thank you, {booked.values.name.trim()}! Your {VISIT_TYPE_TEXT[booked.values.visitType].toLowerCase()}{' '}
              visit on {visitWhen(booked.values.date, booked.values.slot)} is requested. The sales office will confirm
              it by email or phone.
            </p>
          ) : (
            <p className="notice notice--info">{OFFLINE_QUEUED_MESSAGE}</p>
          )}
        </div>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={downloadIcs}>
            Add to calendar (.ics)
          </button>
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      </Modal>
    );

  return (
    <Modal titleId="visit-dialog-title" title={title} description={description} onClose={onClose}>
      <form ref={form} className="form visit-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="visit-choice">
          <legend>How would you like to visit?</legend>
          {(Object.keys(VISIT_TYPE_TEXT) as VisitType[]).map((type) => (
            <label key={type} className="visit-choice__option">
              <input
                type="radio"
                name="visitType"
                value={type}
                checked={values.visitType === type}
                onChange={() => edit('visitType', type)}
              />
              {VISIT_TYPE_TEXT[type]}
            </label>
          ))}
        </fieldset>
        {dates.length === 0 ? (
          <p className="notice notice--info">
            The sales office has no open times in the next 14 days. Please use Request Information and we will find a
            time with you.
          </p>
        ) : (
          <div className="form__row">
            <Field id="visit-date" label="Date" required error={errors.date}>
              {(aria) => (
                <select
                  {...aria}
                  name="date"
                  value={values.date}
                  onChange={(event) => edit('date', event.target.value)}
                >
                  {dates.map((date) => (
                    <option key={date} value={date}>
                      {formatVisitDate(date)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="visit-slot" label="Time (Central Time)" required error={errors.slot}>
              {(aria) => (
                <select
                  {...aria}
                  name="slot"
                  value={values.slot}
                  onChange={(event) => edit('slot', event.target.value)}
                >
                  <option value="">Choose a time</option>
                  {slots.map((slot) => (
                    <option key={slot} value={slot}>
                      {formatSlot(slot)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
        <Field id="visit-name" label="Name" required error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              name="name"
              type="text"
              autoComplete="name"
              value={values.name}
              onChange={(event) => edit('name', event.target.value)}
            />
          )}
        </Field>
        <div className="form__row">
          <Field id="visit-email" label="Email" required error={errors.email}>
            {(aria) => (
              <input
                {...aria}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.email}
                onChange={(event) => edit('email', event.target.value)}
              />
            )}
          </Field>
          <Field id="visit-phone" label="Phone" required error={errors.phone}>
            {(aria) => (
              <input
                {...aria}
                name="phone"
                type="tel"
                autoComplete="tel"
                value={values.phone}
                onChange={(event) => edit('phone', event.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="visit-consent" data-invalid={errors.consent ? 'true' : undefined}>
          <input
            id="visit-consent"
            name="consent"
            type="checkbox"
            checked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'visit-consent-error' : undefined}
            onChange={(event) => edit('consent', event.target.checked)}
          />
          <label htmlFor="visit-consent">
            I agree that {general.siteName} may contact me by email or phone about this visit.
          </label>
          {errors.consent && (
            <p className="field__error" id="visit-consent-error">
              {errors.consent}
            </p>
          )}
        </div>
        <Honeypot value={website} onChange={setWebsite} />
        {failed && (
          <p className="notice notice--error" role="alert">
            {MESSAGES.popupFailure}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={submitting || dates.length === 0}>
            {submitting ? 'Sending...' : 'Request Visit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
