/**
 * The kiosk's sign-in form as plain data and functions: the values, their checks (the same rules and messages
 * as the server's kioskSignInSchema), the consent wording, and the screen's state machine (form → thank you →
 * empty form for the next visitor). Kept free of React so the tests exercise exactly what the page runs.
 */
import { BUYING_TIMELINES, KIOSK_MESSAGES, type BuyingTimeline } from '@domain/schemas/open-house';
import { contactErrors } from '@/utils/validate-inquiry';

/** How long the thank-you screen stays before the form is empty again for the next visitor. */
export const THANK_YOU_RESET_MS = 8_000;
/** A form left half-filled this long (the visitor walked away) is cleared, so the next one never sees it. */
export const IDLE_RESET_MS = 90_000;

export interface SignInValues {
  name: string;
  email: string;
  phone: string;
  buyingTimeline: BuyingTimeline | '';
  /** '' until the visitor answers. */
  workingWithAgent: 'yes' | 'no' | '';
  consent: boolean;
}
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

export const EMPTY_SIGN_IN: SignInValues = {
  name: '',
  email: '',
  phone: '',
  buyingTimeline: '',
  workingWithAgent: '',
  consent: false,
};

export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = contactErrors(values);
  if (!(BUYING_TIMELINES as readonly string[]).includes(values.buyingTimeline)) {
    errors.buyingTimeline = KIOSK_MESSAGES.timelineRequired;
  }
  if (values.workingWithAgent === '') errors.workingWithAgent = KIOSK_MESSAGES.agentRequired;
  if (!values.consent) errors.consent = KIOSK_MESSAGES.consentRequired;
  return errors;
}

/** The consent text: it names the business (site settings) and the community, and is stored with the lead. */
export function consentText(businessName: string, communityName: string): string {
  return (
    `I agree that ${businessName} and its sales agents may contact me by phone, text or email about new homes ` +
    `at ${communityName}. Consent is not a condition of purchase.`
  );
}

/** The fields a valid form sends (see data/repositories/kiosk-repository.ts). */
export function toSignInFields(values: SignInValues, consent: string) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    buyingTimeline: values.buyingTimeline as BuyingTimeline,
    workingWithAgent: values.workingWithAgent === 'yes',
    consentText: consent,
  };
}

export function isBlank(values: SignInValues): boolean {
  return (Object.keys(EMPTY_SIGN_IN) as (keyof SignInValues)[]).every((key) => values[key] === EMPTY_SIGN_IN[key]);
}

export interface KioskScreen {
  screen: 'form' | 'thanks';
  values: SignInValues;
  errors: SignInErrors;
  /** First name of the visitor just signed in, for the thank-you screen. */
  greeted: string;
  /** A sign-in that could not be stored on the device (IndexedDB failing). */
  failure: string | null;
  /** The 'Exit kiosk' dialog is open (over the screen). */
  exitOpen: boolean;
}

export const INITIAL_SCREEN: KioskScreen = {
  screen: 'form',
  values: EMPTY_SIGN_IN,
  errors: {},
  greeted: '',
  failure: null,
  exitOpen: false,
};

export type KioskAction =
  | { type: 'edit'; field: keyof SignInValues; value: SignInValues[keyof SignInValues] }
  | { type: 'invalid'; errors: SignInErrors }
  | { type: 'signed-in' }
  | { type: 'failed'; message: string; errors?: SignInErrors }
  /** The thank-you timer, 'Next visitor', or the idle timer: an empty form, nothing of the last visitor kept. */
  | { type: 'reset' }
  /**
   * 'Exit kiosk' pressed: the form is emptied as the dialog opens. The dialog may stay up for any length of time
   * (the idle timer has nothing to clear behind it then), and the next visitor sees the screen once it closes.
   */
  | { type: 'exit-opened' }
  | { type: 'exit-closed' };

export function kioskReducer(state: KioskScreen, action: KioskAction): KioskScreen {
  switch (action.type) {
    case 'edit': {
      const errors = { ...state.errors };
      delete errors[action.field];
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors, failure: null };
    }
    case 'invalid':
      return { ...state, errors: action.errors };
    case 'signed-in':
      return {
        ...INITIAL_SCREEN,
        screen: 'thanks',
        greeted: state.values.name.trim().split(/\s+/)[0] ?? '',
        exitOpen: state.exitOpen,
      };
    case 'failed':
      return { ...state, failure: action.message, errors: action.errors ?? state.errors };
    case 'reset':
      return state.exitOpen ? { ...INITIAL_SCREEN, exitOpen: true } : INITIAL_SCREEN;
    case 'exit-opened':
      return { ...INITIAL_SCREEN, exitOpen: true };
    case 'exit-closed':
      return { ...state, exitOpen: false };
  }
}
