/**
 * bench:load's settings and traffic mix: run length (LOAD_SECONDS), warm-up, connections, the memory budget, the
 * admin account, and the five kinds of request with their shares (90 % reads, 8 % contact posts, 2 % admin writes).
 */

export const ADMIN_EMAIL = 'load@example.com';
export const ADMIN_PASSWORD = 'load-bench-password-1';

export const DURATION_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
export const WARMUP_SECONDS = Math.min(10, Math.max(1, Math.floor(DURATION_SECONDS / 3)));
export const CONNECTIONS = 100;
export const RSS_BUDGET_RATIO = 1.5;

if (!Number.isFinite(DURATION_SECONDS) || DURATION_SECONDS < 3) {
  console.error('LOAD_SECONDS must be a number of seconds, at least 3');
  process.exit(1);
}

export type Kind = 'communities' | 'listingsByCommunity' | 'listingById' | 'contactPost' | 'adminWrite';
export const KINDS: Kind[] = ['communities', 'listingsByCommunity', 'listingById', 'contactPost', 'adminWrite'];
export const KIND_LABELS: Record<Kind, string> = {
  communities: 'GET /api/public/communities',
  listingsByCommunity: 'GET /api/public/listings?communityId=…',
  listingById: 'GET /api/public/listings/{id}',
  contactPost: 'POST /api/public/contacts',
  adminWrite: 'POST /api/properties (token)',
};

/** 90 % reads (30 % each), 8 % contact posts, 2 % admin writes. */
export function pickKind(roll: number): Kind {
  if (roll < 0.3) return 'communities';
  if (roll < 0.6) return 'listingsByCommunity';
  if (roll < 0.9) return 'listingById';
  if (roll < 0.98) return 'contactPost';
  return 'adminWrite';
}
