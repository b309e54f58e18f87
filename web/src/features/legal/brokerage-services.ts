import type { LegalDocument } from './legal-document';

/** A plain-language version of the Texas Real Estate Commission's "Information About Brokerage Services" (IABS). */
const document: LegalDocument = {
  title: 'Information About Brokerage Services',
  description:
    'The Texas Real Estate Commission notice about the types of real estate license holders, the duties of a broker and how a license holder can represent you.',
  updated: 'November 1, 2026',
  intro: [
    'Texas law requires all real estate license holders to give the following information about brokerage services to prospective buyers, tenants, sellers and landlords.',
  ],
  sections: [
    {
      heading: 'Types of Real Estate License Holders',
      items: [
        'A broker is responsible for all brokerage activities, including acts performed by sales agents sponsored by the broker.',
        'A sales agent must be sponsored by a broker and works with clients on behalf of the broker.',
      ],
    },
    {
      heading: "A Broker's Minimum Duties Required by Law",
      paragraphs: ['A client is the person or party that the broker represents. A broker must:'],
      items: [
        'put the interests of the client above all others, including the broker’s own interests;',
        'inform the client of any material information about the property or transaction received by the broker;',
        'answer the client’s questions and present any offer to or counter-offer from the client;',
        'treat all parties to a real estate transaction honestly and fairly.',
      ],
    },
    {
      heading: 'A License Holder Can Represent a Party in a Real Estate Transaction',
      paragraphs: [
        'As agent for the owner (seller or landlord): the broker becomes the property owner’s agent through an agreement with the owner, usually in a written listing to sell or property management agreement. An owner’s agent must perform the broker’s minimum duties above and must inform the owner of any material information about the property or transaction known by the agent, including information disclosed to the agent or subagent by the buyer or the buyer’s agent.',
        'As agent for the buyer or tenant: the broker becomes the buyer’s or tenant’s agent by agreeing to represent the buyer, usually through a written representation agreement. A buyer’s agent must perform the broker’s minimum duties above and must inform the buyer of any material information about the property or transaction known by the agent, including information disclosed to the agent by the seller or the seller’s agent.',
        'As agent for both (intermediary): to act as an intermediary between the parties, the broker must first obtain the written agreement of each party. The written agreement must state who will pay the broker and, in conspicuous bold or underlined print, set forth the broker’s obligations as an intermediary. The broker must treat all parties honestly and fairly and may, with the parties’ written consent, appoint a different license holder associated with the broker to each party to communicate with, provide opinions and advice to, and carry out the instructions of each party. The broker must not, unless specifically authorized in writing to do so by the party, disclose that the owner will accept a price less than the written asking price, that the buyer or tenant will pay a price greater than the price submitted in a written offer, or any confidential information or any other information that a party specifically instructs the broker in writing not to disclose, unless required to do so by law.',
        'As subagent: a license holder acts as a subagent when aiding a buyer in a transaction without an agreement to represent the buyer. A subagent can assist the buyer but does not represent the buyer and must place the interests of the owner first.',
      ],
    },
    {
      heading: 'To Avoid Disputes, All Agreements Between You and a Broker Should Be in Writing',
      paragraphs: ['The agreement should clearly establish:'],
      items: [
        'the broker’s duties and responsibilities to you, and your obligations under the representation agreement;',
        'who will pay the broker for services provided to you, when payment will be made and how the payment will be calculated.',
      ],
    },
    {
      heading: 'License Holder Contact Information',
      paragraphs: [
        'This notice is being provided for information purposes. It does not create an obligation for you to use the broker’s services.',
      ],
      licenseTable: true,
    },
    {
      heading: 'Regulated by the Texas Real Estate Commission',
      paragraphs: [
        'Real estate license holders in Texas are regulated by the Texas Real Estate Commission (TREC). Information is available at www.trec.texas.gov. The official form is TREC No. IABS 1-0.',
      ],
    },
  ],
};

export default document;
