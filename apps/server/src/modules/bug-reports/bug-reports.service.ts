import { randomUUID } from 'node:crypto';
import {
  BUG_REPORT_MAX_ATTACHMENT_BYTES,
  BUG_REPORT_MAX_ATTACHMENTS,
  BUG_REPORT_MAX_DESCRIPTION_LENGTH,
  BUG_REPORT_MESSAGES,
} from '@adtwin/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { decodeImage } from '../../platform/images/validate-image.js';
import { extensionFor } from '../../platform/storage/content-type.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { countRecentReports, insertBugReport, markForwarded } from './bug-reports.queries.js';

/** Reports a person may send in an hour; enough for a bad day, not for a flood. */
const REPORTS_PER_HOUR = 10;
/** Support reads forwarded attachments through links that last a week. */
const FORWARDED_LINK_TTL = 7 * 24 * 3600;

export type Attachment = { name: string; bytes: Uint8Array };

export function createBugReportService(deps: {
  db: Database;
  storage: ObjectStorage;
  mailer: Mailer;
  supportEmail: string | undefined;
  logger: Logger;
}) {
  return {
    async submit(options: {
      userId: string;
      email: string;
      description: string;
      attachments: Attachment[];
    }) {
      const description = options.description.trim();
      if (!description)
        throw new DomainError('invalid', 'Please describe the problem.', 'description_required');
      if (description.length > BUG_REPORT_MAX_DESCRIPTION_LENGTH) {
        throw new DomainError(
          'invalid',
          `The description can be at most ${BUG_REPORT_MAX_DESCRIPTION_LENGTH} characters.`,
          'description_too_long',
        );
      }
      if (options.attachments.length > BUG_REPORT_MAX_ATTACHMENTS) {
        throw new DomainError(
          'invalid',
          BUG_REPORT_MESSAGES.tooManyAttachments,
          'too_many_attachments',
        );
      }
      // Check every file before storing any, so a refused report leaves nothing behind.
      const checked = await Promise.all(
        options.attachments.map(async (file) => {
          if (file.bytes.byteLength > BUG_REPORT_MAX_ATTACHMENT_BYTES) {
            throw new DomainError(
              'too_large',
              `${file.name} is larger than 10 MB.`,
              'attachment_too_large',
            );
          }
          const { type } = await decodeImage(
            file.bytes,
            () =>
              new DomainError(
                'invalid',
                `${file.name} is not a PNG, JPEG or WebP image.`,
                'attachment_type',
              ),
          );
          return { ...file, type };
        }),
      );
      if ((await countRecentReports(deps.db, options.userId)) >= REPORTS_PER_HOUR) {
        throw new DomainError(
          'too_many',
          'You have sent many reports in the last hour. Please try again later.',
          'rate_limited',
        );
      }

      const keys: string[] = [];
      for (const file of checked) {
        const key = `${options.userId}/${randomUUID()}.${extensionFor(file.type)}`;
        await deps.storage.put({
          bucket: 'bug-reports',
          key,
          body: Buffer.from(file.bytes),
          contentType: file.type,
        });
        keys.push(key);
      }
      const report = await insertBugReport(deps.db, {
        userId: options.userId,
        email: options.email,
        description,
        attachments: keys,
      });
      if (deps.supportEmail) await this.forward(report.id, { ...options, description, keys });
      return report;
    },

    /** Mails the report to support; a mail failure keeps the stored report and is logged. */
    async forward(
      reportId: string,
      report: { email: string; description: string; keys: string[] },
    ) {
      try {
        const links = await Promise.all(
          report.keys.map((key) => deps.storage.createUrl('bug-reports', key, FORWARDED_LINK_TTL)),
        );
        await deps.mailer.send({
          to: deps.supportEmail!,
          subject: `Problem report from ${report.email}`,
          text: [
            `From: ${report.email}`,
            `Report: ${reportId}`,
            '',
            report.description,
            '',
            links.length
              ? `Attachments (links work for 7 days):\n${links.join('\n')}`
              : 'No attachments.',
          ].join('\n'),
        });
        await markForwarded(deps.db, reportId);
      } catch (error) {
        deps.logger.error({ err: error, reportId }, 'forwarding a problem report failed');
      }
    },
  };
}

export type BugReportService = ReturnType<typeof createBugReportService>;
