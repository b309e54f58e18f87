/**
 * The calendar year in Houston, for the footer's ©: at Central Standard Time (UTC−6), which is exact at the turn of
 * the year (it falls in winter) and needs no Intl, so the server, the page cache and any browser agree. Before,
 * each side read its own zone: a server on UTC printed next year's © from 6 PM on 31 December.
 */
export const houstonYear = (now: number = Date.now()): number => new Date(now - 216e5).getUTCFullYear();
