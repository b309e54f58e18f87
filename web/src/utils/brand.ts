/** Fixed brand details the settings do not hold, shown in the top bars and the footer (see also office.ts). */
export const GROUP_TAGLINE = "Houston's New-Home Community Experts";

/** "austin-point" → "Austin Point" (the footer's community links, SPEC §2). */
export const titleFromSlug = (slug: string): string =>
  slug.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => (dash ? ' ' : '') + letter.toUpperCase());
