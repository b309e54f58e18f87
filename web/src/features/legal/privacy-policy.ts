import type { LegalDocument } from './legal-document';

const document: LegalDocument = {
  title: 'Privacy Policy',
  description:
    'How Houston New Home Communities collects, uses and protects the information you share when you browse communities or contact us.',
  updated: 'November 1, 2026',
  intro: [
    'This policy explains what information we collect when you use this website, why we collect it, who we share it with and the choices you have. We collect only what we need to answer your questions and help you find a home.',
  ],
  sections: [
    {
      heading: 'Information You Give Us',
      paragraphs: [
        'When you send a contact request, ask for information about a community or listing, or ask to schedule a visit, we receive the details you type into the form:',
      ],
      items: [
        'your name, email address and, if you choose to give it, your phone number;',
        'your message and the topic you selected (for example, buying a home or community information);',
        'the community or listing you asked about, and the time you sent the request.',
      ],
    },
    {
      heading: 'Information Collected Automatically',
      paragraphs: [
        'Our server records basic technical information with each request, such as the IP address, the page requested, the date and time and the browser type. We use it to keep the site secure, to stop spam and abuse (for example, by limiting how often a form can be sent) and to fix problems. We do not use advertising cookies or third-party tracking scripts.',
        'So that the site keeps working on a weak or missing connection, your browser stores a copy of the public community and listing pages on your device. If you send a form while offline, it is kept on your device until the connection returns and is then sent to us. You can remove this data at any time by clearing the site data in your browser settings.',
      ],
    },
    {
      heading: 'How We Use Your Information',
      items: [
        'to answer your questions and follow up on your request;',
        'to arrange community visits and home tours you ask for;',
        'to send you information about the communities and homes you asked about;',
        'to protect the site, our visitors and our staff from fraud, spam and abuse;',
        'to meet our legal obligations as a Texas real estate brokerage.',
      ],
    },
    {
      heading: 'When We Share Information',
      paragraphs: [
        'We do not sell your personal information. We share it only with the builders or community representatives you asked about, when needed to answer your request; with service providers that host and operate this website for us under confidentiality obligations; and when the law requires it, such as in response to a subpoena or a request from a regulator.',
      ],
    },
    {
      heading: 'How Long We Keep It',
      paragraphs: [
        'We keep contact requests for as long as we are working with you and for up to three years afterwards, unless the law requires us to keep them longer. Server logs are kept for no more than 90 days.',
      ],
    },
    {
      heading: 'Your Choices',
      paragraphs: [
        'You may ask us at any time to see, correct or delete the personal information we hold about you, or to stop contacting you. Send your request to the email address shown on our Contact page and we will respond within 30 days.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'The site is served over an encrypted connection, access to contact requests is limited to authorized staff with individual accounts, and passwords are stored only as secure hashes. No system is perfectly secure, but we work to protect your information and will notify you if a breach affects it, as Texas law requires.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'This website is meant for adults looking for a home. We do not knowingly collect information from children under 13.',
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: [
        'We may update this policy from time to time. The date at the top of the page shows when it last changed. Significant changes will be announced on this page before they take effect.',
      ],
    },
  ],
};

export default document;
