/** Why a reader reports a comment (optional: a report without a reason counts the same). */
export const REPORT_REASONS = ['spam', 'harassment', 'spoilers', 'off-topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  spoilers: 'Unmarked spoilers',
  'off-topic': 'Off-topic',
  other: 'Something else',
};

export const isReportReason = (value: unknown): value is ReportReason => (REPORT_REASONS as readonly unknown[]).includes(value);
