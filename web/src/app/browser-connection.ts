/**
 * The Network Information API's view of the visitor's connection, where the browser has it (Chromium; not Safari or
 * Firefox). Read by the work a page does ahead of the visitor (prefetch-likely-code.ts, render-ahead.ts): a visitor
 * who asked to save data (`saveData`) gets no code before they need it.
 */
export interface BrowserConnection {
  saveData?: boolean;
}

export const browserConnection = (): BrowserConnection | undefined =>
  (navigator as Navigator & { connection?: BrowserConnection }).connection;
