/**
 * Editing one lead's status and notes (DESIGN §6): saved through updateLead with the version the admin started
 * from (a conflict says so, and links to the Sync page when the change was parked there), deleted after a
 * confirmation. A newer copy of the same lead (after a reload) becomes the base when nothing was edited.
 */
import { useState, type FormEvent } from 'react';
import type { ContactRequest } from '@domain/schemas/contact';
import { deleteLead, updateLead } from '@/data/repositories/admin/leads';
import { SaveConflictError } from '@/data/repositories/admin/errors';
import { useConfirm } from '../shared/confirm-dialog';
import { errorMessage, isAuthError, isConflictError } from '../shared/error-checks';
import { useToast } from '../shared/toast-stack';
import { useUnsavedChangesGuard } from '../shared/use-unsaved-changes';
import type { LeadStatusValue } from './lead-labels';

export type LeadProblem = { kind: 'conflict'; parked: boolean } | { kind: 'error'; text: string };
type LeadChange = { status?: LeadStatusValue; notes?: string };

export function useLeadEditor(
  lead: ContactRequest,
  { onSaved, onDeleted }: { onSaved: (lead: ContactRequest) => void; onDeleted: (id: string) => void },
) {
  const toast = useToast();
  const confirm = useConfirm();
  const [status, setStatus] = useState<LeadStatusValue>(lead.status);
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [base, setBase] = useState(lead);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<LeadProblem | null>(null);

  const dirty = status !== base.status || notes !== (base.notes ?? '');
  if (lead !== base && lead.id === base.id && !dirty && !saving) {
    setBase(lead);
    setStatus(lead.status);
    setNotes(lead.notes ?? '');
  }
  // A conflicting save is parked in the outbox (Sync page): leaving does not lose it, so no warning then.
  const parked = problem?.kind === 'conflict' && problem.parked;
  useUnsavedChangesGuard(dirty && !parked, `admin-lead-${lead.id}`);

  const save = async (patch: LeadChange) => {
    setSaving(true);
    setProblem(null);
    try {
      const { record, queued } = await updateLead(base.id, patch, base.version);
      setBase(record);
      setStatus(record.status);
      setNotes(record.notes ?? '');
      onSaved(record);
      toast.success(queued ? 'Saved on this device; it will sync once you are online.' : 'Lead updated');
    } catch (error) {
      if (isAuthError(error)) return;
      if (isConflictError(error)) setProblem({ kind: 'conflict', parked: error instanceof SaveConflictError });
      else setProblem({ kind: 'error', text: errorMessage(error, 'Failed to update lead') });
    } finally {
      setSaving(false);
    }
  };

  /** Saves what changed in the form. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: LeadChange = {};
    if (status !== base.status) patch.status = status;
    if (notes !== (base.notes ?? '')) patch.notes = notes;
    if (patch.status === undefined && patch.notes === undefined) return;
    void save(patch);
  };

  const discard = () => {
    setStatus(base.status);
    setNotes(base.notes ?? '');
  };

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
      if (!isAuthError(error)) toast.error(errorMessage(error, 'Failed to delete lead'));
    }
  };

  return { base, status, setStatus, notes, setNotes, dirty, saving, problem, save, submit, discard, remove };
}

export type LeadEditor = ReturnType<typeof useLeadEditor>;
