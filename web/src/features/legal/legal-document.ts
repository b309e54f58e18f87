/**
 * The shape of a legal page's text. Each document is a data module of its own, loaded by the legal route's
 * loader, so a page carries only its own text, and the server-rendered page embeds it as data rather than code.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Renders the license holder table of the IABS form (brokerage, designated broker, contact). */
  licenseTable?: boolean;
}

export interface LegalDocument {
  title: string;
  description: string;
  updated: string;
  intro: string[];
  sections: LegalSection[];
}
