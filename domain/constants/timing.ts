/**
 * Timings of toasts, popups and messages (SPEC §9), in milliseconds.
 */
export const TOAST_DURATION_MS = 3000;
export const TOAST_SLIDE_IN_DELAY_MS = 100;
export const POPUP_AUTO_CLOSE_MS = 3000;
export const SUCCESS_MESSAGE_MS = 3000;
export const ADMIN_DELETE_ERROR_MS = 5000;
export const SIMULATED_SETTINGS_SAVE_MS = 1000;
export const LOGOUT_REDIRECT_MS = 100;
