import { api, readJson } from '@/lib/api-client';

export function submitBugReport(options: { description: string; attachments: File[] }) {
  const form = options.attachments.length
    ? { description: options.description, attachments: options.attachments }
    : { description: options.description };
  return readJson(api['bug-reports'].$post({ form }));
}
