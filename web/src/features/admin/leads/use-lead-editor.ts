/**
 * Working one lead (DESIGN §6, issue 18): its status, owner, next step and notes edited in one form, and notes and
 * actions (call, email, visit confirmed) sent on their own, all through updateLead with the version the admin
 * started from (a conflict says so, and links to the Sync page when the change was parked there), queued in the
 * outbox when offline. Deleted after a confirmation. A newer copy of the same lead (after a reload) becomes the
 * base when nothing was edited; a note or an action saved while the form has edits keeps those edits.
 */
import { useState, type FormEvent } from 'react';
import type { Lead } from '@domain/schemas/lead';
import { deleteLead, updateLead, type LeadUpdate } from '@/data/repositories/admin/leads';
import { SaveConflictError } from '@/data/repositories/admin/errors';
import { useConfirm } from '../shared/confirm-dialog';
import { errorMessage, isAuthError, isConflictError } from '../shared/error-checks';
import { useToast } from '../shared/toast-stack';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import type { LeadStatusValue } from './lead-labels';

export type LeadProblem = { kind: 'conflict'; parked: boolean } | { kind: 'error'; text: string };

/** The form's fields, as strings the inputs hold ('' for no owner or no date). */
export interface LeadWorkFields {
  status: LeadStatusValue;
  ownerId: string;
  nextStepAt: string;
  nextStep: string;
  notes: string;
}

export const workFieldsOf = (lead: Lead): LeadWorkFields => ({
  status: lead.status,
  ownerId: lead.ownerId ?? '',
  nextStepAt: lead.nextStepAt ?? '',
  nextStep: lead.nextStep ?? '',
  notes: lead.notes ?? '',
});

/** The PATCH for what changed between `base` and `fields` (empty when nothing did). */
export function workPatch(base: LeadWorkFields, fields: LeadWorkFields): LeadUpdate {
  const patch: LeadUpdate = {};
  if (fields.status !== base.status) patch.status = fields.status;
  if (fields.ownerId !== base.ownerId) patch.ownerId = fields.ownerId || null;
  if (fields.nextStepAt !== base.nextStepAt) patch.nextStepAt = fields.nextStepAt || null;
  if (fields.nextStep !== base.nextStep) patch.nextStep = fields.nextStep;
  if (fields.notes !== base.notes) patch.notes = fields.notes;
  return patch;
}

/** After a save: fields the admin had not touched take the saved value; edited ones stay as typed. */
export function afterSave(before: LeadWorkFields, edited: LeadWorkFields, saved: LeadWorkFields): LeadWorkFields {
  const next = { ...edited };
  for (const key of Object.keys(before) as (keyof LeadWorkFields)[]) {
    if (edited[key] === before[key]) (next as Record<string, string>)[key] = saved[key];
  }
  return next;
}

export function useLeadEditor(
  lead: Lead,
  { onSaved, onDeleted }: { onSaved: (lead: Lead) => void; onDeleted: (id: string) => void },
) {
  const toast = useToast();
  const confirm = useConfirm();
  const [base, setBase] = useState(lead);
  const [fields, setFields] = useState(() => workFieldsOf(lead));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<LeadProblem | null>(null);

  const baseFields = workFieldsOf(base);
  const dirty = Object.keys(workPatch(baseFields, fields)).length > 0;
  if (lead !== base && lead.id === base.id && !dirty && !saving) {
    setBase(lead);
    setFields(workFieldsOf(lead));
  }
  // A conflicting save is parked in the outbox (Sync page): leaving does not lose it, so no warning then.
  const parked = problem?.kind === 'conflict' && problem.parked;
  useUnsavedChangesGuard(dirty && !parked, `admin-lead-${lead.id}`);

  const setField = <K extends keyof LeadWorkFields>(key: K, value: LeadWorkFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  /** Sends `patch`; true when it was saved or queued. */
  const save = async (patch: LeadUpdate, done = 'Lead updated'): Promise<boolean> => {
    setSaving(true);
    setProblem(null);
    try {
      const { record, queued } = await updateLead(base.id, patch, base.version);
      setBase(record);
      setFields((edited) => afterSave(baseFields, edited, workFieldsOf(record)));
      onSaved(record);
      toast.success(queued ? 'Saved on this device; it will sync once you are online.' : done);
      return true;
    } catch (error) {
      if (isAuthError(error)) return false;
      if (isConflictError(error)) setProblem({ kind: 'conflict', parked: error instanceof SaveConflictError });
      else setProblem({ kind: 'error', text: errorMessage(error, 'Failed to update lead') });
      return false;
    } finally {
      setSaving(false);
    }
  };

  /** Saves what changed in the form. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const patch = workPatch(baseFields, fields);
    if (Object.keys(patch).length > 0) void save(patch);
  };

  const discard = () => setFields(baseFields);

  const remove = async () => {
    const ok = await confirm(`Delete the lead from ${base.name}? This action cannot be undone.`, {
      title: 'Delete lead',
      confirmLabel: 'Delete lead',
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await deleteLead(base.id, base.version);
      toast.success(result.queued ? 'Deleted on this device; it will sync once you are online.' : 'Lead deleted');
      onDeleted(base.id);
    } catch (error) {
      // A colleague worked the lead since it was opened (412): say so as for a save, with the way to reload it.
      if (isConflictError(error)) setProblem({ kind: 'conflict', parked: error instanceof SaveConflictError });
      else if (!isAuthError(error)) toast.error(errorMessage(error, 'Failed to delete lead'));
    }
  };

  return { base, fields, setField, dirty, saving, problem, save, submit, discard, remove };
}

export type LeadEditor = ReturnType<typeof useLeadEditor>;
