/**
 * Every admin read as a TanStack Query: one key per entity, `['admin', entity, ...filters]`, so a save or a
 * delete invalidates exactly the lists it changes (`invalidateQueries({ queryKey: adminKeys.records(entity) })`)
 * and a screen's reload is a refetch. The repositories keep the read policy (server first, this device's copy
 * only when the server cannot be reached, flagged `offline`; HTTP errors raised).
 */
import { queryOptions } from '@tanstack/react-query';
import { listAudit, type AuditRequest } from '@/data/repositories/admin/audit';
import { listAdmin, type AdminEntity } from '@/data/repositories/admin/content';
import { listLeadOwners } from '@/data/repositories/admin/lead-view';
import {
  countLeadsByStatus,
  countNewLeads,
  getLead,
  listLeads,
  type LeadFilter,
} from '@/data/repositories/admin/leads';
import { loadAdminSettings } from '@/data/repositories/admin/settings';
import { listAdminUsers } from '@/data/repositories/admin/users';

export const adminKeys = {
  all: ['admin'] as const,
  /** Communities, listings or properties. */
  records: (entity: AdminEntity) => ['admin', entity] as const,
  /** Every lead query: the lists of each filter and the counts. */
  leads: ['admin', 'leads'] as const,
  leadList: (filter: LeadFilter) => ['admin', 'leads', filter] as const,
  leadsByStatus: ['admin', 'leads', 'by-status'] as const,
  newLeadCount: ['admin', 'leads', 'new'] as const,
  /** One lead by id (its own address), whatever the list's filter. */
  lead: (id: string) => ['admin', 'leads', 'one', id] as const,
  leadOwners: ['admin', 'lead-owners'] as const,
  settings: ['admin', 'settings'] as const,
  adminUsers: ['admin', 'admin-users'] as const,
  /** A page of the audit trail with its filters. */
  audit: (request: AuditRequest) => ['admin', 'audit', request] as const,
};

export const recordsQuery = <E extends AdminEntity>(entity: E) =>
  queryOptions({ queryKey: adminKeys.records(entity), queryFn: () => listAdmin(entity) });

export const leadListQuery = (filter: LeadFilter) =>
  queryOptions({ queryKey: adminKeys.leadList(filter), queryFn: () => listLeads(filter) });

export const leadsByStatusQuery = () =>
  queryOptions({ queryKey: adminKeys.leadsByStatus, queryFn: countLeadsByStatus });

export const leadQuery = (id: string) => queryOptions({ queryKey: adminKeys.lead(id), queryFn: () => getLead(id) });

export const leadOwnersQuery = () =>
  queryOptions({ queryKey: adminKeys.leadOwners, queryFn: listLeadOwners, staleTime: 5 * 60_000 });

export const newLeadCountQuery = () => queryOptions({ queryKey: adminKeys.newLeadCount, queryFn: countNewLeads });

export const settingsQuery = () => queryOptions({ queryKey: adminKeys.settings, queryFn: loadAdminSettings });

export const adminUsersQuery = () => queryOptions({ queryKey: adminKeys.adminUsers, queryFn: listAdminUsers });

export const auditQuery = (request: AuditRequest) =>
  queryOptions({ queryKey: adminKeys.audit(request), queryFn: () => listAudit(request) });
