import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { creditsOfAccount, type Account } from '@adtwin/shared';
import { TooltipProvider } from '@/components/ui/Tooltip';
import { LoginPage } from '@/features/auth';
import { TemplatesPage } from '@/features/templates';
import { isOnboardingComplete } from '@/lib/onboarding-status';
import { firstPageEntry } from '@/lib/paged-query';
import {
  layoutFromCookie,
  LAYOUT_COOKIE,
  PRERENDERED_STATE_ID,
  PrerenderedLayoutContext,
} from '@/lib/prerendered';
import { queryKeys } from '@/lib/query-keys';
import { ThemeProvider } from '@/lib/theme';
import { ACCOUNT_FETCH, OPENING_TEMPLATES_FETCH, TEMPLATE_CATEGORIES_FETCH } from './page-fetches';
import { AppShell } from './shell';

/**
 * Pages drawn outside the browser from the same components the app mounts, so they paint before
 * the app's JavaScript has run. The markup is inert (no typing into a field React is about to
 * replace); main.tsx swaps in the live page once its code and the account answer are in.
 */
const ROOT_ELEMENT = '<div id="root"></div>';

function intoRoot(html: string, content: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error('prerender: no empty root in the page');
  return html.replace(ROOT_ELEMENT, `<div id="root">${content}</div>`);
}

/**
 * The sign-in page as a signed-out visitor first sees it, rendered at build time (see
 * build/route-pages.ts). Nobody is signed in and the server's options (Google sign-in) are not
 * known yet, as on a first visit.
 */
export function renderSignInPage(html: string): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.account, null);
  const markup = renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return intoRoot(html, `<div inert>${markup}</div>`);
}

/**
 * What the server asks its own API for, with the visitor's cookies, to draw /templates. Not the
 * credits: their reply is a part of the account's (creditsOfAccount), and asking for it again
 * settled the subscription and read the account a second time on the server.
 */
export const TEMPLATES_PAGE_FETCHES = [
  ACCOUNT_FETCH,
  TEMPLATE_CATEGORIES_FETCH,
  OPENING_TEMPLATES_FETCH,
];

/**
 * How many of /templates' cards the server draws: more than a first screen shows, two columns on a
 * phone (about three rows), five on the widest grid (about two rows).
 */
const DRAWN_CARDS = { mobile: 8, wide: 15 };

/** The cookie that tells the server the visitor's layout (lib/prerendered.ts). */
export { LAYOUT_COOKIE };

/**
 * /templates as the signed-in visitor will see it, drawn per request by the server from its own
 * API's replies (`TEMPLATES_PAGE_FETCHES`, each the parsed JSON of a 200 reply) and the layout
 * cookie's value. The replies go into the page too, as the query cache the app starts with, and
 * the HTML's hints to fetch them are taken out. Null when the page cannot be drawn as it will
 * show: no layout cookie, nobody signed in, onboarding not done (the app redirects).
 */
export function renderTemplatesPage(
  html: string,
  replies: Record<string, unknown>,
  layoutCookie: string | undefined,
): string | null {
  const layout = layoutFromCookie(layoutCookie);
  const account = replies[ACCOUNT_FETCH] as Account | null | undefined;
  if (!layout || !account || !isOnboardingComplete(account)) return null;
  const categories = replies[TEMPLATE_CATEGORIES_FETCH] as { items: unknown[] } | undefined;
  const templates = replies[OPENING_TEMPLATES_FETCH] as { items: unknown[] } | undefined;
  if (!categories || !templates) return null;

  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.account, account);
  queryClient.setQueryData(queryKeys.credits, creditsOfAccount(account));
  queryClient.setQueryData(queryKeys.templateCategories, categories.items);
  // Only the cards a first screen can show are drawn (the rest is markup a phone parses before it
  // paints); the app starts from the whole first page and draws them all when it takes over.
  const templatesKey = queryKeys.templates({ category: null, sort: 'most_used', search: '' });
  queryClient.setQueryData(
    templatesKey,
    firstPageEntry(
      templates.items.slice(0, layout.isMobile ? DRAWN_CARDS.mobile : DRAWN_CARDS.wide),
    ),
  );
  const markup = renderToString(
    <PrerenderedLayoutContext value={layout}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <TooltipProvider>
            <MemoryRouter initialEntries={['/templates']}>
              <Routes>
                <Route element={<AppShell />}>
                  <Route path="/templates" element={<TemplatesPage />} />
                </Route>
              </Routes>
            </MemoryRouter>
          </TooltipProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </PrerenderedLayoutContext>,
  );
  queryClient.setQueryData(templatesKey, firstPageEntry(templates.items));
  // JSON inside a script element: "<" escaped so that no text in it can close the element.
  const state = JSON.stringify(dehydrate(queryClient)).replaceAll('<', '\\u003c');
  let page = html;
  for (const url of TEMPLATES_PAGE_FETCHES)
    page = page.replace(`<link rel="preload" as="fetch" crossorigin href="${url}">`, '');
  return intoRoot(
    page,
    `<div inert>${markup}</div>` +
      `<script type="application/json" id="${PRERENDERED_STATE_ID}">${state}</script>`,
  );
}
