/** Home (SPEC §2 "/"): hero, about with the fixed figures, why Houston, featured communities. */
import { Link, useLoaderData } from 'react-router-dom';
import type { Community } from '../../../../../domain/schemas/community';
import type { RouteHandle } from '../../head';
import { publicReader } from '../../public-reader';

export async function loader() {
  const reader = await publicReader();
  return { communities: await reader.listCommunities() };
}
type Data = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle<Data> = {
  head: (_data, { settings }) => ({
    title: settings.seo.metaTitle || settings.general.siteName,
    description: settings.seo.metaDescription,
    canonicalPath: '/',
  }),
};

export function Component() {
  const { communities } = useLoaderData() as Data;
  return (
    <section>
      <h1>Find Your Perfect Houston Community</h1>
      <ul>
        {communities.map((community: Community) => (
          <li key={community.id}>
            <Link to={`/community/${community.slug}`}>{community.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
