/**
 * What the visit dialog shows once the request is made: sent (the sales office confirms it) or kept on this device
 * until the network returns, and the visit as an .ics calendar file. Takes the focus, so a screen reader reads it.
 */
import { useEffect, useRef } from 'react';
import { queuedMessage } from '@/utils/inquiry-messages';
import { buildCalendarFile, calendarFileName, downloadCalendarFile } from './ics';
import { VISIT_TYPE_TEXT, visitCalendarEvent, visitWhen, type VisitPlace, type VisitValues } from './visit-request';

export interface BookedVisit {
  status: 'sent' | 'queued';
  /** The lead's id (the calendar event's UID). */
  id: string;
  values: VisitValues;
}

interface VisitConfirmationProps {
  booked: BookedVisit;
  place: VisitPlace;
  /** Names the calendar file: the home's title, else the community's name. */
  fileTitle: string;
  onClose: () => void;
}

export function VisitConfirmation({ booked, place, fileTitle, onClose }: VisitConfirmationProps) {
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => confirmation.current?.focus(), []);
  const { values } = booked;

  const downloadIcs = () => {
    const event = visitCalendarEvent(values, place, booked.id, location.host, location.href, new Date());
    downloadCalendarFile(buildCalendarFile(event), calendarFileName(fileTitle, values.date));
  };

  return (
    <>
      <div className="visit-confirmation" ref={confirmation} tabIndex={-1} role="status" aria-live="polite">
        {booked.status === 'sent' ? (
          <p className="notice notice--success">
            Thank you, {values.name}! Your {VISIT_TYPE_TEXT[values.visitType].toLowerCase()} visit on{' '}
            {visitWhen(values.date, values.slot)} is requested. The sales office will confirm it by email or phone.
          </p>
        ) : (
          <p className="notice notice--info">{queuedMessage()}</p>
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
    </>
  );
}
