import { zodResolver } from '@hookform/resolvers/zod';
import { bugReportSchema } from '@adtwin/shared';

/** The report form's checks, loaded on its first submit (ReportProblemPopover). */
export const bugReportResolver = zodResolver(bugReportSchema);
