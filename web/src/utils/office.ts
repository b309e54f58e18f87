/**
 * The brokerage's office, its contact person, opening hours and Texas license numbers (shown on
 * the contact page, the IABS notice and in the home page's RealEstateAgent data). Phone and email come from the
 * site settings. One place to change them.
 */
export const OFFICE = {
  brokerage: 'Houston New Home Communities Realty, LLC',
  streetAddress: '2929 Allen Parkway, Suite 1400',
  locality: 'Houston',
  region: 'TX',
  postalCode: '77019',
  country: 'US',
  hours: 'Monday to Saturday, 9:00 AM to 6:00 PM',
  contactPerson: { name: 'Maria Delgado', role: 'Managing Broker' },
  /** Texas Real Estate Commission license numbers, shown on the IABS notice. */
  brokerLicense: '9012345',
  designatedBrokerLicense: '0654321',
} as const;
