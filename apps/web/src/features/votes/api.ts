import type { UserVote } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';

export function putVote(templateId: number, vote: UserVote) {
  return readJson(
    api.templates[':id'].vote.$put({ param: { id: String(templateId) }, json: { vote } }),
  );
}
