import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../shared/api/save-file';
import { fetchAuditCsv } from './api';
import type { AuditFilters } from './audit-filters';
import { type ActionNotice, failureText } from './use-operator-actions';

const today = () => new Date().toISOString().slice(0, 10);

/** "Export CSV": the audit trail under the filters, fetched with the operator's token and saved as a file. */
export function useAuditExport(onNotice: (notice: ActionNotice) => void, save: (blob: Blob, filename: string) => void = saveFile) {
  return useMutation({
    mutationFn: (filters: AuditFilters) => fetchAuditCsv(filters),
    onSuccess: ({ blob, filename }) => save(blob, filename ?? `audit-trail-${today()}.csv`),
    onError: (error) => onNotice({ text: failureText(error), isError: true }),
  });
}
