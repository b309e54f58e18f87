/**
 * /kiosk/{community}: the open-house sign-in (features/kiosk). Client-only (api/ssr sends the bare shell) and
 * outside the public layout: a kiosk shows no site header, footer or links. The community comes from the public
 * reader, so the page opens offline from the copy in IndexedDB after one online visit.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { MESSAGES } from '@domain/messages';
import type { Community } from '@domain/schemas/community';
import { readKioskMode } from '@/data/repositories/kiosk-repository';
import { KioskPage } from '@/features/kiosk/kiosk-page';
import type { RouteHandle } from '../../head';
import { useSiteSettings } from '@/hooks/use-site-settings';
import { publicReader } from '@/data/public-reader';

type Data = { community: Community | null };

export async function loader({ params }: LoaderFunctionArgs): Promise<Data> {
  const reader = await publicReader();
  const address = params.community ?? '';
  // A tablet in kiosk mode is locked to the slug its community had when the kiosk started (app/kiosk-lock.ts):
  // the id it kept finds the community even after an admin changed that slug (or gave it to another community).
  const mode = readKioskMode();
  const own = mode && (address === mode.communitySlug || address === mode.communityId) ? mode.communityId : null;
  return { community: await reader.getCommunity(own || address) };
}

export const handle: RouteHandle<Data> = {
  head: (data, { settings, pathname }) => ({
    title: `${data.community ? `${data.community.name} open house` : MESSAGES.communityNotFound} | ${settings.general.siteName}`,
    description: 'Open-house sign-in.',
    canonicalPath: pathname,
    robots: 'noindex',
  }),
};

export function Component() {
  const { community } = useLoaderData() as Data;
  const settings = useSiteSettings();
  // A tablet in kiosk mode whose community was deleted keeps its kiosk screen: without it, no 'Exit kiosk' and
  // no count of the sign-ins still waiting on it.
  if (!community && !readKioskMode()) {
    return (
      <main className="section container not-found">
        <h1>{MESSAGES.communityNotFound}</h1>
        <p>There is no community at this address, so no open-house kiosk can start here. Check the link.</p>
      </main>
    );
  }
  return <KioskPage key={community?.id} community={community} businessName={settings.general.siteName} />;
}
