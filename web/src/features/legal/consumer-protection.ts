import type { LegalDocument } from './legal-document';

/** A summary of the Texas Real Estate Commission's Consumer Protection Notice. */
const document: LegalDocument = {
  title: 'Consumer Protection Notice',
  description:
    'The Texas Real Estate Commission Consumer Protection Notice: who TREC regulates, how to check a license, file a complaint and use the recovery funds.',
  updated: 'November 1, 2026',
  intro: [
    'The Texas Real Estate Commission (TREC) regulates real estate brokers and sales agents, real estate inspectors, home warranty companies, easement and right-of-way agents, and timeshare interest providers.',
  ],
  sections: [
    {
      heading: 'Check a License',
      paragraphs: ['You can find more information and check the status of a license holder at www.trec.texas.gov.'],
    },
    {
      heading: 'File a Complaint',
      paragraphs: [
        'You can send a complaint against a license holder to TREC. A complaint form is available on the TREC website.',
      ],
    },
    {
      heading: 'Recovery Funds',
      paragraphs: [
        'TREC administers two recovery funds which may be used to satisfy a civil court judgment against a broker, sales agent, real estate inspector, or easement or right-of-way agent, if certain requirements are met.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: [
        'If you have questions or issues about the activities of a license holder, the complaint process or the recovery funds, please visit the website or contact TREC at:',
      ],
      items: ['Texas Real Estate Commission', 'P.O. Box 12188, Austin, Texas 78711-2188', '(512) 936-3000'],
    },
  ],
};

export default document;
