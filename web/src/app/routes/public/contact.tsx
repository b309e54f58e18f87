/**
 * /contact (SPEC §1, §2): a hero, the contact form, the brokerage's office address, phone, email and contact
 * person, and the social links (instagram, facebook, linkedin, youtube, tiktok).
 */
import { DEFAULT_COMMUNITY_IMAGE } from '@domain/constants';
import { Icon, MAP_PIN } from '@/components/icon';
import { ContactForm } from '@/features/inquiries/contact-form';
import { SOCIAL_ICONS } from '@/features/inquiries/social-icons';
import { OFFICE } from '@/utils/office';
import type { RouteHandle } from '../../head';
import { useSiteSettings } from '@/hooks/use-site-settings';

// Icons (SVG child markup) of the office details.
const PHONE =
  '<path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72c.13.96.36 1.9.7 2.81a2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45c.91.34 1.85.57 2.81.7A2 2 0 0 1 22 16.92z"/>';
const MAIL = '<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 6-10 7L2 6"/>';
const USER = '<path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2"/><circle cx="12" cy="7" r="4"/>';
const CLOCK = '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>';

/** The brokerage's social profiles. */
const SOCIAL_LINKS = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/houstonnewhomes' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/houstonnewhomes' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/houstonnewhomes' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@houstonnewhomes' },
  { network: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/@houstonnewhomes' },
] as const;

export const handle: RouteHandle = {
  head: (_data, { settings }) => ({
    title: `Contact Us | ${settings.general.siteName}`,
    description: `Talk to a Houston new-home specialist: ${[
      settings.general.contactPhone && `call ${settings.general.contactPhone}`,
      settings.general.contactEmail && `email ${settings.general.contactEmail}`,
      'send us a message',
    ]
      .filter(Boolean)
      .join(', ')
      .replace(/, (?=[^,]*$)/, ' or ')}.`,
    canonicalPath: '/contact',
    image: DEFAULT_COMMUNITY_IMAGE,
  }),
};

export function Component() {
  const { general } = useSiteSettings();
  return (
    <>
      <section className="page-hero" aria-labelledby="contact-title">
        <div className="container">
          <h1 id="contact-title">Contact Us</h1>
          <p className="page-hero__lead">
            Questions about a community, a home or the buying process? Our Houston team answers every message within one
            business day.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container contact-layout">
          <div className="card contact-layout__form">
            <ContactForm />
          </div>
          <aside className="contact-layout__aside" aria-labelledby="office-title">
            <div className="card office-card">
              <h2 id="office-title">Our Office</h2>
              <p className="office-card__name">{OFFICE.brokerage}</p>
              <ul className="contact-list" role="list">
                <li>
                  <Icon svg={MAP_PIN} />
                  <address>
                    {OFFICE.streetAddress}
                    <br />
                    {OFFICE.locality}, {OFFICE.region} {OFFICE.postalCode}
                  </address>
                </li>
                <li>
                  <Icon svg={PHONE} />
                  <a href={`tel:${general.contactPhone.replace(/[^\d+]/g, '')}`}>{general.contactPhone}</a>
                </li>
                {general.contactEmail && (
                  <li>
                    <Icon svg={MAIL} />
                    <a href={`mailto:${general.contactEmail}`}>{general.contactEmail}</a>
                  </li>
                )}
                <li>
                  <Icon svg={USER} />
                  <span>
                    {OFFICE.contactPerson.name}, {OFFICE.contactPerson.role}
                  </span>
                </li>
                <li>
                  <Icon svg={CLOCK} />
                  <span>{OFFICE.hours}</span>
                </li>
              </ul>
            </div>
            <div className="card office-card">
              <h2 id="social-title">Follow Us</h2>
              <ul className="social-links" role="list" aria-labelledby="social-title">
                {SOCIAL_LINKS.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.href}
                      className="icon-button icon-button--outline"
                      aria-label={link.label}
                      title={link.label}
                      rel="noopener noreferrer"
                    >
                      <Icon svg={SOCIAL_ICONS[link.network]!} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
