/**
 * The contact page's form, posted by the browser itself (SPEC §2 /contact; DESIGN §1 "an inquiry is never lost").
 *
 * The server renders /contact with its form, so a visitor can fill it and press Send with no app running: with
 * JavaScript off, or on a page whose app code never arrived. Such a form is sent by the browser as
 * `application/x-www-form-urlencoded` to its `action`; before this route it went by GET, which put the visitor's
 * name, email and message in the address (history, server logs, the next site's Referer) and stored nothing.
 * Now the form says `method="post" action="/contact"` and this route stores the lead exactly as the JSON call
 * POST /api/contact does (same schema, same spam check, same per-address limit), then answers
 * 303 → /contact?sent=1, where the page shows the spec's 'Thank you for your message! …' (Post/Redirect/Get: a
 * reload does not send it twice). With the app running, the form's submit handler sends it through the outbox
 * instead and this route is never called.
 *
 * A refusal is a small page that says what to change and that Back returns to the filled form; the browser's own
 * validation (required, type=email) catches nearly everything before it gets here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { leadInputSchema, MESSAGES, TEXT_LIMITS } from '../../domain';
import { insertVisitorLead, visitorSubmission } from '../leads/lead-intake';
import { clientAddressKey } from '../security/client-address';
import { StorageUnavailableError } from '../storage/storage';

export const CONTACT_FORM_PATH = '/contact';
/** Where a stored form post sends the browser: the contact page, showing the sent notice. */
export const CONTACT_FORM_SENT_LOCATION = '/contact?sent=1';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const UNSUPPORTED_BODY_MESSAGE = `This address takes the contact form as ${FORM_CONTENT_TYPE}; send JSON to /api/contact.`;
/**
 * A form the schema accepts always fits: percent-encoded, a character takes up to 12 bytes (an emoji is 4 UTF-8
 * bytes, each written %XX), so the message at its TEXT_LIMITS.long characters and the five short fields take at most
 * 12 × (10,000 + 5 × 200) = 132,000 bytes, under the app's 1 MiB for any body. A refused body is the schema's
 * clear message, not a bare 413.
 */
const FORM_BODY_LIMIT_BYTES = 12 * (TEXT_LIMITS.long + 5 * TEXT_LIMITS.short) + 1024;

/** The contact form's fields (web/src/features/inquiries/contact-form.tsx), with their labels for error pages. */
const FORM_FIELD_LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  interest: 'Interest',
  message: 'Message',
  website: 'Website',
} as const;
type FormField = keyof typeof FORM_FIELD_LABELS;

/** The form's fields from an urlencoded body: the first value of each known field, everything else ignored. */
export function contactFormFields(body: string): Record<FormField, string> {
  const params = new URLSearchParams(body);
  const fields = {} as Record<FormField, string>;
  for (const field of Object.keys(FORM_FIELD_LABELS) as FormField[]) fields[field] = (params.get(field) ?? '').trim();
  return fields;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A plain page (no app code, none needed): the site's answer to a form post it could not take. */
function formAnswerPage(title: string, paragraphs: string[], items: string[] = []): string {
  const list = items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${list}${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}
<p><a href="${CONTACT_FORM_PATH}">Back to the contact page</a></p></main></body></html>`;
}

function sendPage(reply: FastifyReply, statusCode: number, html: string) {
  return reply.code(statusCode).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}

export default async function contactFormPostRoutes(app: FastifyInstance): Promise<void> {
  // Only this plugin's routes read form bodies; everywhere else an urlencoded body is still a 415.
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, contactFormFields(body as string)),
  );

  // Counted before the body is read, against the same per-address count as POST /api/contact (issue 13).
  const limitFormPosts = async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await app.contactLimiter.hit(clientAddressKey(request.ip));
    if (decision.allowed) return;
    const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
    await sendPage(
      reply.header('Retry-After', String(decision.retryAfterSeconds)),
      429,
      formAnswerPage('Your message was not sent yet', [
        `Too many messages were sent from your network just now. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, then use your browser's Back button and send it again: what you typed is still there.`,
      ]),
    );
  };

  app.post<{ Body: Record<FormField, string> }>(
    CONTACT_FORM_PATH,
    { onRequest: limitFormPosts },
    async (request, reply) => {
      // A browser's form post is urlencoded; JSON belongs to POST /api/contact.
      if (!request.headers['content-type']?.startsWith(FORM_CONTENT_TYPE)) {
        return sendPage(reply, 415, formAnswerPage('Your message was not sent', [UNSUPPORTED_BODY_MESSAGE]));
      }
      const { interest, ...fields } = request.body;
      const parsed = leadInputSchema.safeParse({ ...fields, interest: interest || undefined, source: 'contact-page' });
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? '');
          const label = field in FORM_FIELD_LABELS ? FORM_FIELD_LABELS[field as FormField] : MESSAGES.invalidInput;
          return `${label}: ${issue.message}`;
        });
        return sendPage(
          reply,
          400,
          formAnswerPage(
            'Your message was not sent',
            [
              "Please use your browser's Back button, correct what is listed above and send it again: what you typed is still there.",
            ],
            problems,
          ),
        );
      }
      const submission = visitorSubmission(parsed.data, 'contact-page');
      try {
        await app.storage.transact((tx) => insertVisitorLead(tx, submission, 'contact-page'));
      } catch (error) {
        // The disk is full or read-only (or the database is away): nothing was stored, and the visitor is told so
        // on a page rather than with the API's JSON.
        if (!(error instanceof StorageUnavailableError)) throw error;
        return sendPage(
          reply.header('Retry-After', '30'),
          503,
          formAnswerPage('Your message was not sent yet', [
            "We could not save your message just now. Please wait a minute, then use your browser's Back button and send it again: what you typed is still there.",
          ]),
        );
      }
      return reply.redirect(CONTACT_FORM_SENT_LOCATION, 303);
    },
  );
}
