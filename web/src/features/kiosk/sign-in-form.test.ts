import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/messages';
import { KIOSK_MESSAGES, kioskSignInSchema } from '@domain/schemas/open-house';
import {
  consentText,
  EMPTY_SIGN_IN,
  INITIAL_SCREEN,
  isBlank,
  kioskReducer,
  toSignInFields,
  validateSignIn,
  type SignInValues,
} from './sign-in-form';

const filled: SignInValues = {
  name: '  Dana Whitfield ',
  email: ' dana@example.com ',
  phone: '713-555-0101',
  buyingTimeline: '3-6-months',
  workingWithAgent: 'no',
  consent: true,
};

describe('kiosk sign-in checks', () => {
  it('accept a complete form, and what it sends passes the server schema', () => {
    expect(validateSignIn(filled)).toEqual({});
    const fields = toSignInFields(filled, consentText('Houston New Home Communities', 'Emberly'));
    expect(fields).toMatchObject({ name: 'Dana Whitfield', email: 'dana@example.com', workingWithAgent: false });
    const parsed = kioskSignInSchema.safeParse({
      ...fields,
      id: '5f0c7f4e-4a53-4c55-9f0e-2f1c8d7a9b10',
      kioskPass: 'x.y',
      consent: true,
      openHouseDate: '2026-11-21',
      submittedAt: '2026-11-21T15:00:00.000Z',
    });
    expect(parsed.success).toBe(true);
  });

  it('name every missing answer with the message the server uses', () => {
    expect(validateSignIn(EMPTY_SIGN_IN)).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailRequired,
      buyingTimeline: KIOSK_MESSAGES.timelineRequired,
      workingWithAgent: KIOSK_MESSAGES.agentRequired,
      consent: KIOSK_MESSAGES.consentRequired,
    });
    expect(validateSignIn({ ...filled, email: 'dana-at-example' })).toEqual({ email: MESSAGES.emailInvalid });
    expect(validateSignIn({ ...filled, name: '   ' })).toEqual({ name: MESSAGES.nameRequired });
    // The phone is optional.
    expect(validateSignIn({ ...filled, phone: '' })).toEqual({});
  });

  it('send "working with an agent" as a yes/no answer', () => {
    expect(toSignInFields({ ...filled, workingWithAgent: 'yes' }, 'c').workingWithAgent).toBe(true);
  });

  it('word the consent with the business and the community', () => {
    const text = consentText('Acme Homes', 'Emberly');
    expect(text).toContain('Acme Homes');
    expect(text).toContain('Emberly');
  });
});

describe('kiosk screen', () => {
  const typed = (values: SignInValues) =>
    (Object.keys(values) as (keyof SignInValues)[]).reduce(
      (state, field) => kioskReducer(state, { type: 'edit', field, value: values[field] }),
      INITIAL_SCREEN,
    );

  it('thanks the visitor by first name and keeps nothing of what they typed', () => {
    const thanks = kioskReducer(typed(filled), { type: 'signed-in' });
    expect(thanks.screen).toBe('thanks');
    expect(thanks.greeted).toBe('Dana');
    expect(isBlank(thanks.values)).toBe(true);
    expect(kioskReducer(thanks, { type: 'reset' })).toEqual(INITIAL_SCREEN);
  });

  it('resets a half-filled form (idle) to the empty form', () => {
    const half = typed({ ...EMPTY_SIGN_IN, name: 'Walked Away', email: 'gone@example.com' });
    expect(isBlank(half.values)).toBe(false);
    const reset = kioskReducer(half, { type: 'reset' });
    expect(reset).toEqual(INITIAL_SCREEN);
    expect(isBlank(reset.values)).toBe(true);
  });

  it("empties a half-filled form when 'Exit kiosk' opens, and closing the dialog brings nothing back", () => {
    const half = typed({ ...EMPTY_SIGN_IN, name: 'Walked Away', email: 'gone@example.com', phone: '713-555-0101' });
    const open = kioskReducer(half, { type: 'exit-opened' });
    expect(open.exitOpen).toBe(true);
    expect(open.values).toEqual(EMPTY_SIGN_IN);
    const closed = kioskReducer(open, { type: 'exit-closed' });
    expect(closed).toEqual(INITIAL_SCREEN);
    // A sign-in still being stored as the dialog opened, and the thank-you timer after it, leave the dialog open.
    const sentLate = kioskReducer(open, { type: 'signed-in' });
    expect(sentLate).toMatchObject({ screen: 'thanks', greeted: '', exitOpen: true });
    expect(kioskReducer(sentLate, { type: 'reset' })).toEqual({ ...INITIAL_SCREEN, exitOpen: true });
  });

  it('clears a field error as soon as that field is edited, and keeps the others', () => {
    const invalid = kioskReducer(INITIAL_SCREEN, { type: 'invalid', errors: validateSignIn(EMPTY_SIGN_IN) });
    const edited = kioskReducer(invalid, { type: 'edit', field: 'name', value: 'Dana' });
    expect(edited.errors.name).toBeUndefined();
    expect(edited.errors.email).toBe(MESSAGES.emailRequired);
  });
});
