/**
 * The SPEC §8 messages that public pages themselves show. Kept apart from messages.ts (which spreads them into
 * MESSAGES, the one list of every message) so a public page's JavaScript does not carry every admin and form
 * message: a bundler ships a shared module whole, and public pages have a 110 KB JS budget (DESIGN §7).
 */
export const PUBLIC_MESSAGES = {
  unexpectedApplicationError: 'Unexpected Application Error!',
  communityNotFound: 'Community Not Found',
  listingNotFound: 'Listing Not Found',
  loadingCommunity: 'Loading Community',
  listingDescriptionFallback: 'No description available for this property.',
} as const;
