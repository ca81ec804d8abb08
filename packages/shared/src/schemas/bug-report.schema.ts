import { z } from 'zod';
import { BUG_REPORT_MAX_DESCRIPTION_LENGTH, BUG_REPORT_MESSAGES } from '../bug-report.js';

// Apart from bug-report.ts's limits and texts, which every signed-in page shows (the sidebar's
// Report Problem): a page that reads them does not load zod.
/** Report Problem's text (the screenshots travel beside it) and POST /api/bug-reports. */
export const bugReportSchema = z.object({
  description: z
    .string()
    .max(BUG_REPORT_MAX_DESCRIPTION_LENGTH)
    .refine((value) => value.trim() !== '', BUG_REPORT_MESSAGES.descriptionRequired),
});
export type BugReportInput = z.infer<typeof bugReportSchema>;
