import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Mailer } from './mailer.js';

export function createOutboxMailer(
  db: Database,
): Mailer & { listRecent(limit: number): Promise<(typeof mailOutbox.$inferSelect)[]> } {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    listRecent(limit) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },
  };
}
