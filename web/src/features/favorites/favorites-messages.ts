/**
 * The visitor's words when this device refuses to store favourites: the /favorites page shows them, and a refused
 * save or removal answers with them. Their own module, so the page has them without loading the storage code.
 */
export const STORAGE_BLOCKED_MESSAGE =
  'This browser does not let the site save on this device. Allow site data (or leave private browsing) and try again.';

/**
 * The device's storage has not answered /favorites in time (WebKit can leave it stuck until the browser restarts);
 * the list below it is the copy the last page left, which may miss a change made since.
 */
export const STORAGE_NOT_ANSWERING_MESSAGE =
  "This device's storage is not answering, so this list may not show your latest changes. Close the browser completely and open it again to see them.";
