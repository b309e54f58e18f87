/**
 * The visit booking dialog (Schedule Visit, Schedule Tour, Schedule Viewing), loaded on first open. The visitor
 * picks in person or video, a date in the next 14 days and a start time from the sales-office hours (Central
 * Time), and leaves name, email, phone and consent. The request becomes a lead (interest 'visit', source 'visit')
 * through the inquiry outbox, so it is kept and sent later when the device is offline. The confirmation
 * (visit-confirmation.tsx) offers the visit as an .ics calendar file.
 */
import { useEffect, useMemo, useState } from 'react';
import type { SalesOfficeHours } from '@domain/schemas/sales-office';
import { bookableDates, formatSlot, formatVisitDate, slotsForDate } from '@domain/visit-slots';
import { VISITOR_MESSAGES } from '@domain/visitor-messages';
import { ConsentField } from '@/components/consent-field';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { SelectField } from '@/components/field';
import { Modal } from '@/components/modal';
import { Honeypot } from '@/components/spam-guard';
import { ContactField, SendNotices } from '@/components/visitor-fields';
import { formText, useVisitorForm } from '@/hooks/use-visitor-form';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { VisitConfirmation, type BookedVisit } from './visit-confirmation';
import {
  validateVisit,
  VISIT_MESSAGES,
  VISIT_FIELD_ORDER,
  VISIT_TYPE_TEXT,
  visitMessage,
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

const loadRepository = () => import('@/data/repositories/inquiry-repository');

/** The form's answers as sent (text trimmed). */
const readVisit = (data: FormData): VisitValues => ({
  visitType: data.get('visitType') as VisitType,
  date: formText(data, 'date'),
  slot: formText(data, 'slot'),
  name: formText(data, 'name'),
  email: formText(data, 'email'),
  phone: formText(data, 'phone'),
  consent: data.has('consent'),
});

export default function VisitDialog({ title, community, listing, onClose }: VisitDialogProps) {
  const { general } = useSiteSettings();
  const hours = community.salesOfficeHours;
  // "Now" is fixed when the dialog opens, so the offered dates do not shift while the visitor types; a Send that
  // finds the chosen time passed (a phone keeps a dialog open for hours) moves it on.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const dates = useMemo(() => bookableDates(openedAt, hours), [openedAt, hours]);
  // Date and time are held here: the times offered depend on the date.
  const [date, setDate] = useState(dates[0] ?? '');
  const [slot, setSlot] = useState('');
  const slots = useMemo(() => (date ? slotsForDate(date, openedAt, hours) : []), [date, openedAt, hours]);
  const [booked, setBooked] = useState<BookedVisit | null>(null);
  const place = {
    communityName: community.name,
    ...(community.location ? { communityLocation: community.location } : {}),
    ...(listing ? { listing: { title: listing.title, address: listing.address } } : {}),
  };

  // The data layer is fetched as the dialog opens, so a visitor who loses the network while typing can still
  // submit: the request then waits in the outbox instead of failing to load the code that queues it.
  useEffect(() => void loadRepository().catch(() => undefined), []);

  const { errors, status, formProps } = useVisitorForm({
    fields: VISIT_FIELD_ORDER,
    check: (data) => {
      const values = readVisit(data);
      // The times still ahead at this Send, not when the dialog opened: a slot that has passed is not booked.
      const now = new Date();
      const offered = values.date ? slotsForDate(values.date, now, hours) : [];
      const errors = validateVisit(values, offered);
      if (values.slot && !offered.includes(values.slot)) {
        const nextDates = bookableDates(now, hours);
        setOpenedAt(now);
        setSlot('');
        if (!nextDates.includes(values.date)) setDate(nextDates[0] ?? '');
        errors.slot = VISIT_MESSAGES.slotPassed;
      }
      return errors;
    },
    send: async (data, spam) => {
      const values = readVisit(data);
      const { submitInquiry } = await loadRepository();
      const result = await submitInquiry({
        name: values.name,
        email: values.email,
        phone: values.phone,
        message: visitMessage(values, place, general.siteName),
        interest: 'visit',
        source: 'visit',
        communityId: community.id,
        ...(listing ? { listingId: listing.id, listingTitle: listing.title } : {}),
        preferredDate: values.date,
        preferredSlot: values.slot,
        visitType: values.visitType,
        ...spam,
      });
      setBooked({ status: result.status, id: result.id, values });
      return result.status;
    },
  });

  // A new date keeps the chosen time only when that date offers it too.
  const chooseDate = (next: string) => {
    setDate(next);
    if (!slotsForDate(next, openedAt, hours).includes(slot)) setSlot('');
  };

  const description = listing
    ? `Book a tour of ${listing.title} in ${community.name}.`
    : `Book a visit to the ${community.name} sales office.`;

  return (
    <Modal titleId="visit-dialog-title" title={title} description={description} onClose={onClose}>
      {booked ? (
        <VisitConfirmation
          // A request kept offline that has reached the server since reads as sent.
          booked={status === 'sent' ? { ...booked, status } : booked}
          place={place}
          fileTitle={listing?.title ?? community.name}
          onClose={onClose}
        />
      ) : (
        <form className="form visit-form" noValidate {...formProps}>
          <fieldset className="visit-choice">
            <legend>How would you like to visit?</legend>
            {(Object.keys(VISIT_TYPE_TEXT) as VisitType[]).map((type) => (
              <label key={type} className="visit-choice__option">
                <input type="radio" name="visitType" value={type} defaultChecked={type === 'in-person'} />
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
              <SelectField
                id="visit-date"
                label="Date"
                required
                error={errors.date}
                name="date"
                value={date}
                onChange={(event) => chooseDate(event.target.value)}
              >
                {dates.map((choice) => (
                  <option key={choice} value={choice}>
                    {formatVisitDate(choice)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                id="visit-slot"
                label="Time (Central Time)"
                required
                error={errors.slot}
                name="slot"
                value={slot}
                onChange={(event) => setSlot(event.target.value)}
              >
                <option value="">Choose a time</option>
                {slots.map((choice) => (
                  <option key={choice} value={choice}>
                    {formatSlot(choice)}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <ContactField detail="name" idPrefix="visit" error={errors.name} />
          <div className="form__row">
            <ContactField detail="email" idPrefix="visit" error={errors.email} />
            <ContactField detail="phone" idPrefix="visit" error={errors.phone} />
          </div>
          <ConsentField id="visit-consent" className="visit-consent" error={errors.consent}>
            I agree that {general.siteName} may contact me by email or phone about this visit.
          </ConsentField>
          <Honeypot />
          <SendNotices status={status} failed={VISITOR_MESSAGES.popupFailure} />
          <DialogFormActions
            status={status}
            submitLabel="Request Visit"
            onCancel={onClose}
            unavailable={dates.length === 0}
          />
        </form>
      )}
    </Modal>
  );
}
