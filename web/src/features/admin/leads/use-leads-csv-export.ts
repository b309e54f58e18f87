/** "Export CSV" of the inbox (DESIGN §6): the leads of the current filter, saved as leads-YYYY-MM-DD.csv. */
import { useState } from 'react';
import { downloadLeadsCsv, leadsCsvFilename, type LeadFilter } from '@/data/repositories/admin/leads';
import { saveFile } from '@/utils/download';
import { errorMessage, isAuthError } from '../shared/error-checks';
import { useToast } from '../shared/toast-stack';
import type { LeadFilterValues } from './use-lead-filter';

export function useLeadsCsvExport(filter: LeadFilterValues, spamView: boolean) {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await downloadLeadsCsv(filter as LeadFilter);
      saveFile(blob, spamView ? leadsCsvFilename().replace('leads-', 'leads-spam-') : leadsCsvFilename());
    } catch (exportError) {
      if (!isAuthError(exportError)) toast.error(errorMessage(exportError, 'Failed to export leads'));
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportCsv };
}
