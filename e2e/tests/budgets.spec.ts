import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import goals from '../../bench/web/goals.json' with { type: 'json' };
import { createOnboardedUser } from './helpers';

// Issue 17's JavaScript budgets, held on every run: the compressed bytes of every script a page
// loads until it is ready (bench/web measures the same beside its paint times). One import of a
// schema module into the sign-in page once added zod to it unnoticed; this catches that.

async function scriptKb(page: Page, url: string, ready: () => Promise<void>) {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  return bytes / 1024;
}

test('/login loads no more JavaScript than its budget', async ({ page }) => {
  const kb = await scriptKb(page, '/login', () =>
    expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(),
  );
  expect(kb).toBeGreaterThan(10);
  expect(kb, `${kb.toFixed(1)} KB`).toBeLessThanOrEqual(goals['/login'].jsKb);
});

test('/templates loads no more JavaScript than its budget', async ({ page }) => {
  await createOnboardedUser(page);
  const kb = await scriptKb(page, '/templates', () =>
    expect(page.getByTestId('template-card').first()).toBeVisible(),
  );
  expect(kb).toBeGreaterThan(10);
  expect(kb, `${kb.toFixed(1)} KB`).toBeLessThanOrEqual(goals['/templates'].jsKb);
});

test('the server draws pages with the production build of React, also when it runs in development', () => {
  test.skip(test.info().project.name !== 'desktop', 'no browser involved: once is enough');
  // React picks its build from NODE_ENV when it is first loaded: a renderer that imported it from
  // node_modules drew each /templates with the development build (several times slower) in every
  // server started without NODE_ENV=production, which is the default. The web build bundles it in.
  const renderer = path.resolve(import.meta.dirname, '../../apps/web/dist-prerender/prerender.js');
  const probe = `
    import { createRequire } from 'node:module';
    const { renderSignInPage } = await import(${JSON.stringify(renderer)});
    const drawn = renderSignInPage('<div id="root"></div>');
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({ drawn, developmentBuilds: loaded.filter((f) => /development/.test(f)) }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    env: { ...process.env, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const { drawn, developmentBuilds } = JSON.parse(run.stdout);
  expect(drawn).toContain('Welcome back');
  expect(developmentBuilds).toEqual([]);
});

test('the pages that paint from their HTML carry their stylesheet in it', async ({ request }) => {
  // A stylesheet to fetch blocks the first paint; these pages' HTML is what paints first.
  for (const page of ['/login', '/templates']) {
    const html = await (await request.get(page)).text();
    expect(html, page).not.toContain('rel="stylesheet"');
    expect(html, page).toMatch(/<style>[^<]*\.grid-cols-2\{/);
  }
});
