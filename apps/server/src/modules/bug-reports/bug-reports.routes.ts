import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { BUG_REPORT_MAX_ATTACHMENTS, BUG_REPORT_MESSAGES, bugReportSchema } from '@adtwin/shared';
import type { AppEnv } from '../../http/app-env.js';
import { PublicError } from '../../http/errors.js';
import { FileFieldSchema } from '../../http/image-items.js';
import { ErrorSchema } from '../../http/schemas.js';
import { requireUser } from '../../http/session.js';
import { validationHook } from '../../http/validation.js';
import type { BugReportService } from './bug-reports.service.js';

const BugReportFormSchema = bugReportSchema.extend({
  // One file arrives as a value, several as a list.
  attachments: z
    .union([FileFieldSchema, z.array(FileFieldSchema)])
    .optional()
    .openapi({ description: 'Up to 10 PNG, JPEG or WebP images, 10 MB each' }),
});

const submitRoute = createRoute({
  method: 'post',
  path: '/bug-reports',
  tags: ['support'],
  summary: 'Sends a problem report with screenshots to support',
  request: { body: { content: { 'multipart/form-data': { schema: BugReportFormSchema } } } },
  responses: {
    201: {
      description: 'Stored (and forwarded when SUPPORT_EMAIL is set)',
      content: { 'application/json': { schema: z.object({ id: z.string() }) } },
    },
    400: {
      description: 'Empty or over-long description, or a bad attachment',
      content: { 'application/json': { schema: ErrorSchema } },
    },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorSchema } } },
    413: { description: 'Too large', content: { 'application/json': { schema: ErrorSchema } } },
    429: {
      description: 'Too many reports',
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
});

export function createBugReportRoutes(deps: { bugReports: BugReportService }) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    submitRoute,
    async (c) => {
      const user = requireUser(c);
      const form = c.req.valid('form');
      const files = form.attachments === undefined ? [] : [form.attachments].flat();
      if (files.length > BUG_REPORT_MAX_ATTACHMENTS) {
        throw new PublicError(400, BUG_REPORT_MESSAGES.tooManyAttachments, 'too_many_attachments');
      }
      const attachments = await Promise.all(
        files.map(async (file) => ({
          name: file.name || 'attachment',
          bytes: new Uint8Array(await file.arrayBuffer()),
        })),
      );
      const report = await deps.bugReports.submit({
        userId: user.id,
        email: user.email,
        description: form.description,
        attachments,
      });
      return c.json({ id: report.id }, 201);
    },
  );
}
