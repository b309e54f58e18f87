/**
 * /listing/{id} (SPEC §2): the listing's page, or 'Listing Not Found' (the server answers 404). The meta
 * description and JSON-LD (RealEstateListing with an Offer, BreadcrumbList) are built by the loader
 * (listing-loader.ts, with the page's head: its own chunk, as a first load runs neither).
 */
import { useLoaderData, Link } from 'react-router-dom';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import { ListingView } from './listing-view';
import type { ListingPageData } from './listing-loader';

type Data = ListingPageData;

export function Component() {
  const data = useLoaderData() as Data;
  if (data.notFound)
    return (
      <section className="section container not-found">
        <h1>{PUBLIC_MESSAGES.listingNotFound}</h1>
        <p>This home may have been sold or removed. Browse our communities to find similar homes.</p>
        <Link to="/communities" className="button button--primary">
          Browse Communities
        </Link>
      </section>
    );
  return <ListingView key={data.listing.id} listing={data.listing} community={data.community} />;
}
