/**
 * The lazily loaded route modules, by route id. Routes load them on navigation; the router-links listeners load them after
 * 100 ms of hover (SPEC §9) so the click finds the code already there.
 */
export const routeModules = {
  home: () => import('./routes/public/home'),
  communities: () => import('./routes/public/communities'),
  community: () => import('./routes/public/community'),
  listing: () => import('./routes/public/listing'),
  contact: () => import('./routes/public/contact'),
  favorites: () => import('./routes/public/favorites'),
  legal: () => import('./routes/public/legal'),
  notFound: () => import('./routes/public/not-found'),
  search: () => import('./routes/public/search'),
  // The open-house kiosk (client-only, full screen; its code loads only on /kiosk/*).
  kiosk: () => import('./routes/kiosk/kiosk'),
  // The back office (client-only; never part of a public page's JavaScript).
  admin: () => import('./routes/admin/admin-app'),
} as const;

export type RouteModuleId = keyof typeof routeModules;

/**
 * The loaders kept out of their page's chunk: a server-rendered first load does not run a loader (the page comes
 * with its data), so the code a page needs to start stays smaller (DESIGN §7); client navigations load both.
 */
export const routeLoaders = {
  community: () => import('./routes/public/community-loader'),
  listing: () => import('./routes/public/listing-loader'),
} as const;

export type RouteLoaderId = keyof typeof routeLoaders;
