import { describe, expect, it } from 'vitest';
import {
  communityInputSchema,
  DEFAULT_OWNERSHIP_COSTS,
  DEFAULT_SALES_OFFICE_HOURS,
  type SalesOfficeHours,
} from '@domain/index';
import { emptyCommunityForm, formToCommunityInput, partOfPath, validateCommunityForm } from './community-form';
import { formToSalesOffice, salesOfficeToForm } from './sales-office-form';

const hours: SalesOfficeHours = { ...DEFAULT_SALES_OFFICE_HOURS, sun: null, tue: { open: '09:00', close: '13:30' } };
const costs = { propertyTaxRatePercent: 2.15, mudRatePercent: 0.85, hoaDuesMonthly: 95, insuranceAnnual: 2200 };

describe('sales office & costs form', () => {
  it('round-trips stored hours and costs, closed days included', () => {
    const form = salesOfficeToForm({ salesOfficeHours: hours, ownershipCosts: costs });
    expect(form.hours.sun).toEqual({ open: false, from: '12:00', to: '18:00' });
    expect(form.hours.tue).toEqual({ open: true, from: '09:00', to: '13:30' });
    expect(formToSalesOffice(form)).toEqual({ salesOfficeHours: hours, ownershipCosts: costs });
  });

  it('a community without the fields opens with the defaults the public site uses', () => {
    expect(formToSalesOffice(salesOfficeToForm({}))).toEqual({
      salesOfficeHours: DEFAULT_SALES_OFFICE_HOURS,
      ownershipCosts: DEFAULT_OWNERSHIP_COSTS,
    });
  });

  it('empty or non-numeric amounts become 0; a negative one is refused by the schema', () => {
    const form = salesOfficeToForm({});
    form.costs.mudRatePercent = '';
    form.costs.hoaDuesMonthly = 'abc';
    expect(formToSalesOffice(form).ownershipCosts).toMatchObject({ mudRatePercent: 0, hoaDuesMonthly: 0 });

    const community = { ...emptyCommunityForm(), name: 'A', location: 'B', description: 'C' };
    community.office.costs.insuranceAnnual = '-5';
    community.office.hours.mon = { open: true, from: '18:00', to: '09:00' };
    const errors = validateCommunityForm(community);
    expect(errors['ownershipCosts.insuranceAnnual']).toBe('Must be 0 or more');
    expect(errors['salesOfficeHours.mon.close']).toBe('Closing time must be after opening time');
    expect(partOfPath('salesOfficeHours.mon.close')).toBe('office');
    expect(partOfPath('ownershipCosts.insuranceAnnual')).toBe('office');
  });

  it('the community input the modal sends carries both fields and passes the server schema', () => {
    const form = { ...emptyCommunityForm(), name: 'A', location: 'B', description: 'C' };
    const input = formToCommunityInput(form);
    // A create leaves the empty position (null) out, as saveAdmin does.
    expect(communityInputSchema.parse({ ...input, coordinates: undefined })).toMatchObject({
      salesOfficeHours: DEFAULT_SALES_OFFICE_HOURS,
      ownershipCosts: DEFAULT_OWNERSHIP_COSTS,
    });
  });
});
