/** Lead inbox filters: shared with the browser, so they live in domain/. */
export { filterLeads, leadFilterSchema, type LeadFilter } from '../../domain/schemas/lead-filter';
