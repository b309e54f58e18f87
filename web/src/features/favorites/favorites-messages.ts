/**
 * The visitor's words when this device refuses to store favourites: the /favorites page shows them, and a refused
 * save or removal answers with them. Their own module, so the page has them without loading the storage code.
 */
export const STORAGE_BLOCKED_MESSAGE =
  'This browser does not let the site save on this device. Allow site data (or leave private browsing) and try again.';
