/**
 * /legal/{page} (DESIGN §5): the privacy policy, Texas "Information About Brokerage Services" and the "Consumer
 * Protection Notice". Each text is a data module the loader imports, so it is embedded as data in the server's
 * HTML and fetched as its own small chunk on client navigation. An unknown page is a 404.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { NotFoundSection } from '@/components/not-found-section';
import type { LegalDocument } from '@/features/legal/legal-document';
import { OFFICE } from '@/utils/office';
import { breadcrumbList } from '@/utils/structured-data';
import type { RouteHandle } from '../../head';
import { useSiteSettings } from '@/hooks/use-site-settings';

const DOCUMENTS: Record<string, () => Promise<{ default: LegalDocument }>> = {
  'privacy-policy': () => import('@/features/legal/privacy-policy'),
  'brokerage-services': () => import('@/features/legal/brokerage-services'),
  'consumer-protection': () => import('@/features/legal/consumer-protection'),
};

type Data = { page: string; document: LegalDocument; notFound: false } | { document: null; notFound: true };

export async function loader({ params }: LoaderFunctionArgs): Promise<Data> {
  const page = params.page ?? '';
  const load = Object.hasOwn(DOCUMENTS, page) ? DOCUMENTS[page] : undefined;
  if (!load) return { document: null, notFound: true };
  return { page, document: (await load()).default, notFound: false };
}

const trail = (data: Extract<Data, { notFound: false }>) =>
  [
    ['Home', '/'],
    [data.document.title, `/legal/${data.page}`],
  ] as const;

export const handle: RouteHandle<Data> = {
  head: (data, { settings, origin, pathname }) =>
    data.notFound
      ? {
          title: `Page Not Found | ${settings.general.siteName}`,
          description: 'This page does not exist.',
          canonicalPath: pathname,
          robots: 'noindex',
        }
      : {
          title: `${data.document.title} | ${settings.general.siteName}`,
          description: data.document.description,
          canonicalPath: `/legal/${data.page}`,
          jsonLd: [breadcrumbList(origin, trail(data))],
        },
};

function LicenseTable() {
  const { general } = useSiteSettings();
  const rows = [
    ['Licensed Broker / Broker Firm', OFFICE.brokerage, OFFICE.brokerLicense],
    ['Designated Broker of Firm', OFFICE.contactPerson.name, OFFICE.designatedBrokerLicense],
  ];
  return (
    <div className="table-scroll">
      <table className="license-table">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Name</th>
            <th scope="col">License No.</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([role, name, license]) => (
            <tr key={role}>
              <th scope="row">{role}</th>
              <td>{name}</td>
              <td>{license}</td>
              <td>{general.contactEmail}</td>
              <td>{general.contactPhone}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Component() {
  const data = useLoaderData() as Data;
  if (data.notFound)
    return <NotFoundSection title="Page Not Found" text="The page you are looking for does not exist or has moved." />;
  const { document } = data;
  return (
    <article className="section legal-page">
      <div className="container container--narrow">
        <Breadcrumbs items={trail(data)} />
        <h1>{document.title}</h1>
        <p className="muted">Last updated: {document.updated}</p>
        <div className="prose">
          {document.intro.map((text) => (
            <p key={text} className="lead">
              {text}
            </p>
          ))}
          {document.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs?.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.licenseTable && <LicenseTable />}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
