/** Window events that carry news from the data layer to page widgets loaded apart from it (app/pwa). */

/** `CustomEvent<boolean>`: the server answered a request (true) or could not be reached (false). */
export const REACHABILITY_EVENT = 'houston:server-reachable';
