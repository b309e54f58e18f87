/**
 * Business constants of SPEC §9, in one place so the browser, the server and the tests agree; import them from
 * here. Timings are milliseconds; sizes are bytes. They live in files by concern so that a browser chunk carries
 * only the groups its code uses (the public entry chunk counts towards the 110 KB budget of DESIGN §7).
 */
export * from './back-office';
export * from './document-isolation';
export * from './images';
export * from './leads';
export * from './records';
export * from './site';
export * from './theme';
export * from './timing';
