/** Site settings (DESIGN §5): any admin reads them, only a SUPER_ADMIN saves; they apply to the public site. */
import type { FastifyInstance } from 'fastify';
import {
  applySettingsUpdate,
  DEFAULT_SITE_SETTINGS,
  siteSettingsUpdateSchema,
  type SiteSettingsUpdate,
} from '../../domain';
import { runWrite } from '../http/idempotent-write';
import { readSiteSettings, SETTINGS_ID } from './public';

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/settings', { onRequest: app.authenticate }, async () => readSiteSettings(app.storage));

  app.put<{ Body: SiteSettingsUpdate }>(
    '/settings',
    { onRequest: app.requireSuperAdmin, schema: { body: siteSettingsUpdateSchema } },
    async (request, reply) => {
      await runWrite(
        request,
        reply,
        ({ tx }) => {
          // The fields not sent are kept as they are now, read in this transaction: read before it, a save of
          // another field committed meanwhile (another instance on PostgreSQL, a queued save) would be undone.
          const stored = tx.get('settings', SETTINGS_ID);
          const current = stored
            ? { general: stored.general, appearance: stored.appearance, seo: stored.seo }
            : DEFAULT_SITE_SETTINGS;
          const next = applySettingsUpdate(current, request.body);
          const saved = stored
            ? tx.update('settings', SETTINGS_ID, next)
            : tx.insert('settings', { id: SETTINGS_ID, ...next });
          return { statusCode: 200, body: { general: saved.general, appearance: saved.appearance, seo: saved.seo } };
        },
        { action: 'settings.update', entity: 'settings', entityId: () => SETTINGS_ID, recordId: SETTINGS_ID },
      );
    },
  );
}
