/**
 * The lazily loaded route modules, by route id. Routes load them on navigation; PrefetchLink loads them after
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
