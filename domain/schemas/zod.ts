/**
 * The one place the domain's schemas get zod from. In a browser, zod 4's first object parse probes whether it may
 * compile a fast parser with `new Function('')`; the site's Content Security Policy forbids that (no
 * 'unsafe-eval'), so the probe fails quietly in Chromium, while Firefox logs a CSP violation on every page with a
 * form. `jitless` skips the probe; nothing is lost, as the CSP never let the compiled parser run. The server has no
 * such policy and keeps the faster compiled parsers.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
