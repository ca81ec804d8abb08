export { ReportProblemPopover } from './ReportProblemPopover';
