export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
};

export interface MailOutboxReader {
  listRecent(limit: number): Promise<OutboxMessage[]>;
}
