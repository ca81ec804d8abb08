export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail: SMTP when configured, otherwise an outbox in the database shown at /dev/outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
