import type { Hook } from '@hono/zod-openapi';

/** Bad bodies, queries and params answer 400 with the first problem in words. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return c.json(
      {
        error: `Invalid request: ${where}${issue?.message ?? 'malformed input'}`,
        code: 'invalid_request',
      },
      400,
    );
  }
  return undefined;
};
