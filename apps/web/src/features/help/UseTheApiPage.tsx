import { Link } from 'react-router';
import { ArrowLeft, BookOpen } from 'lucide-react';
import { API_KEY_REQUESTS_PER_MINUTE, MAX_BATCH_TEMPLATES } from '@adtwin/shared';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/lib/page-title';
// The TypeScript example is the one in examples/api-client, which the server's tests run.
import typedExample from '../../../../../examples/api-client/src/run-example.ts?raw';

const CURL_EXAMPLE = `# Your key, from Settings > API keys (shown once when you create it)
export ADTWIN_API_KEY=adt_...
export ADTWIN=${typeof window === 'undefined' ? 'https://your-adtwin' : window.location.origin}

# 1. Upload a product photo (png, jpeg or webp, up to 10 MB)
curl -s -H "Authorization: Bearer $ADTWIN_API_KEY" \\
  -F file=@bottle.png $ADTWIN/api/v1/uploads

# 2. Pick an official template (or source=own, source=community)
curl -s -H "Authorization: Bearer $ADTWIN_API_KEY" \\
  "$ADTWIN/api/v1/templates?source=official&limit=5"

# 3. Start a swap: one credit. The Idempotency-Key makes a retry safe.
curl -s -H "Authorization: Bearer $ADTWIN_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" -H "Content-Type: application/json" \\
  -d '{"templateId": 12, "productUploadId": "<upload id>",
       "replacements": [{"toReplace": "SALE", "replacement": "NEW"}]}' \\
  $ADTWIN/api/v1/generations/swap

# 4. Follow its steps (server-sent events) until it is done or failed
curl -N -H "Authorization: Bearer $ADTWIN_API_KEY" \\
  $ADTWIN/api/v1/generations/<generation id>/events

# 5. Download the result
curl -s -H "Authorization: Bearer $ADTWIN_API_KEY" -o result.png \\
  "$ADTWIN/api/v1/generations/<generation id>/result?format=png"`;

const WEBHOOK_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** Checks the Adtwin-Signature header (t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">). */
export function isFromAdtwin(header: string, rawBody: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false; // replayed?
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-[32rem] overflow-auto rounded-xl border border-border bg-surface-2 p-4 text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The Help Center's "Use the API" page: keys, a curl walk-through, a typed TypeScript client. */
export function UseTheApiPage() {
  usePageTitle('Use the API');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-6 sm:px-8 sm:py-8">
      <Link
        to="/help-center"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Help Center
      </Link>
      <PageHeader
        title="Use the API"
        description="Run your catalogue through Adtwin from your own scripts: the same templates, credits and results as in the app."
        actions={
          <a
            href="/api/docs"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-medium hover:bg-surface-2"
          >
            <BookOpen className="size-4" aria-hidden="true" />
            API reference
          </a>
        }
      />

      <Section id="api-keys" title="1. Create a key">
        <p className="text-sm text-muted">
          In{' '}
          <Link to="/settings" className="text-accent underline">
            Settings
          </Link>
          , under API keys, create a key and copy it: it is shown once. Send it as{' '}
          <code className="rounded bg-surface-2 px-1">Authorization: Bearer adt_…</code>. A key acts
          as you, with your credits and plan; revoke it there at any time. Each key may make{' '}
          {API_KEY_REQUESTS_PER_MINUTE} requests a minute (then <code>429</code> with{' '}
          <code>Retry-After</code>).
        </p>
      </Section>

      <Section id="api-curl" title="2. Try it with curl">
        <CodeBlock label="From a product photo to an ad, with curl" code={CURL_EXAMPLE} />
        <p className="text-sm text-muted">
          Errors always look like{' '}
          <code className="rounded bg-surface-2 px-1">
            {'{ "error": { "code": "…", "message": "…" } }'}
          </code>
          . To run one product through up to {MAX_BATCH_TEMPLATES} templates at once, post to{' '}
          <code>/api/v1/batches</code>: each template takes one credit, and the answer says which
          did not start and why.
        </p>
      </Section>

      <Section id="api-typescript" title="3. A typed TypeScript client">
        <p className="text-sm text-muted">
          Types come from the API's OpenAPI document (
          <code>
            npx openapi-typescript {'<your Adtwin address>'}/api/openapi.json -o adtwin-api.d.ts
          </code>
          ), and <code>openapi-fetch</code> checks every call against them. This is the example kept
          in <code>examples/api-client</code> of the source code:
        </p>
        <CodeBlock label="examples/api-client/src/run-example.ts" code={typedExample} />
      </Section>

      <Section id="api-webhooks" title="4. Be told when images are ready">
        <p className="text-sm text-muted">
          Give a key a webhook address in Settings: each generation it started is posted there when
          it is done or has failed, signed with the secret shown when you set it. Failed deliveries
          are tried again, and Settings lists every attempt.
        </p>
        <CodeBlock label="Checking a webhook's signature (Node.js)" code={WEBHOOK_EXAMPLE} />
      </Section>
    </div>
  );
}
