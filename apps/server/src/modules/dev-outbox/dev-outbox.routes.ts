import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { MailOutboxReader } from './dev-outbox.service.js';

/** Linkifies URLs in an already-escaped text so the verification link can be clicked. */
function linkify(escaped: string): string {
  return escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A page listing mail the app would have sent; mounted only outside production. */
export function createDevOutboxRoutes(deps: { outbox: MailOutboxReader }) {
  return new Hono().get('/dev/outbox', async (c) => {
    const messages = await deps.outbox.listRecent(50);
    c.header('Cache-Control', 'no-store');
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="robots" content="noindex" />
            <title>Outbox · Adtwin (development)</title>
            <style>
              :root {
                color-scheme: light dark;
                font-family: system-ui, sans-serif;
              }
              body {
                max-width: 48rem;
                margin: 0 auto;
                padding: 1.5rem 1rem;
                line-height: 1.5;
              }
              .note {
                padding: 0.75rem 1rem;
                border-radius: 0.5rem;
                background: #fef3c7;
                color: #78350f;
              }
              article {
                border: 1px solid #8884;
                border-radius: 0.75rem;
                padding: 1rem;
                margin: 1rem 0;
              }
              h2 {
                font-size: 1.05rem;
                margin: 0 0 0.25rem;
              }
              .meta {
                color: #888;
                font-size: 0.875rem;
                margin-bottom: 0.5rem;
              }
              pre {
                white-space: pre-wrap;
                word-break: break-word;
                font: inherit;
                margin: 0;
              }
              a {
                color: #4f46e5;
              }
            </style>
          </head>
          <body>
            <h1>Outbox</h1>
            <p class="note">
              No mail server is configured (<code>SMTP_URL</code>), so the mail Adtwin sends is kept
              here. This page does not exist in production.
            </p>
            ${messages.length === 0 ? html`<p>No mail yet. Sign up to receive a verification mail.</p>` : ''}
            ${messages.map(
              (m) =>
                html`<article>
                  <h2>${m.subject}</h2>
                  <div class="meta">To ${m.to} · ${m.createdAt.toISOString()}</div>
                  <pre>${raw(linkify(escapeHtml(m.text)))}</pre>
                </article>`,
            )}
          </body>
        </html>`,
    );
  });
}
