import { useMutation } from '@tanstack/react-query';
import { fetchAuditCsv } from './api';
import type { AuditFilters } from './audit-filters';
import { type ActionNotice, failureText } from './use-operator-actions';

/** Hands a file to the browser's downloads, as a link to it would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const today = () => new Date().toISOString().slice(0, 10);

/** "Export CSV": the audit trail under the filters, fetched with the operator's token and saved as a file. */
export function useAuditExport(onNotice: (notice: ActionNotice) => void, save: (blob: Blob, filename: string) => void = saveFile) {
  return useMutation({
    mutationFn: (filters: AuditFilters) => fetchAuditCsv(filters),
    onSuccess: ({ blob, filename }) => save(blob, filename ?? `audit-trail-${today()}.csv`),
    onError: (error) => onNotice({ text: failureText(error), isError: true }),
  });
}
