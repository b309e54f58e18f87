/** "Export CSV" of the inbox (DESIGN §6): the leads of the current filter, saved as leads-YYYY-MM-DD.csv. */
import { useState } from 'react';
import { downloadLeadsCsv, leadsCsvFilename, type LeadFilter } from '@/data/repositories/admin/leads';
import { errorMessage, isAuthError } from '../shared/error-checks';
import { useToast } from '../shared/toast-stack';
import type { LeadFilterValues } from './use-lead-filter';

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useLeadsCsvExport(filter: LeadFilterValues, spamView: boolean) {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await downloadLeadsCsv(filter as LeadFilter);
      saveBlob(blob, spamView ? leadsCsvFilename().replace('leads-', 'leads-spam-') : leadsCsvFilename());
    } catch (exportError) {
      if (!isAuthError(exportError)) toast.error(errorMessage(exportError, 'Failed to export leads'));
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportCsv };
}
