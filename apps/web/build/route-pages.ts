import path from 'node:path';
import { runnerImport, type Plugin, type Rolldown } from 'vite';
import {
  ACCOUNT_FETCH,
  OPENING_TEMPLATES_FETCH,
  TEMPLATE_CATEGORIES_FETCH,
} from '../src/app/page-fetches';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The source modules each page needs to show itself, so the page's HTML names their chunks
 * (modulepreload) and they download while the entry chunk runs instead of after it (the router
 * asks for them only once the entry has run). Only a hint: a page left out here, or a module
 * renamed, loads as before, a little later.
 */
const PAGE_MODULES: Record<string, string[]> = {
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/templates': [
    'src/app/SignedInArea.tsx',
    'src/app/shell/index.ts',
    'src/features/templates/index.ts',
  ],
};

/**
 * Who is signed in: every page waits for this answer before it shows (guards, the sign-in page's
 * redirect), and the app asks only once its entry has run. The HTML starts it at once; the app's
 * own request (same URL, same credentials mode) takes this reply instead of asking again.
 */
const FIRST_FETCHES = [ACCOUNT_FETCH];

/**
 * A page's own first requests, started by its HTML in the same way (see page-fetches.ts). The
 * server leaves them out when it draws the page itself from their replies (prerender.tsx).
 */
const PAGE_FETCHES: Record<string, string[]> = {
  '/templates': [TEMPLATE_CATEGORIES_FETCH, OPENING_TEMPLATES_FETCH],
};

/** The Latin subset of Inter, the variable font every page's text is set in (styles.css). */
const MAIN_FONT = /inter-latin-wght-normal-[\w-]+\.woff2$/;

/** The page whose HTML is rendered at build time, and the function that renders it. */
const PRERENDERED = { page: '/login', module: 'src/app/prerender.tsx', render: 'renderSignInPage' };

/** What the server reads to answer a page: its path, and the HTML file (in the build) to send. */
export const PAGES_MANIFEST = 'pages.json';

/**
 * Writes, beside index.html, one HTML file per page above (pages/login.html...) and pages.json
 * naming them; the server sends a page's own file when there is one, index.html otherwise.
 */
export function routePages(): Plugin {
  let root = '';
  return {
    name: 'adtwin:route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    // Every page's text is set in Inter, found only once the CSS is parsed and the page laid out;
    // under load that was the last thing before the first text painted. Asked for from the start.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => MAIN_FONT.test(file));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: `/${font}`,
            },
            injectTo: 'head',
          },
        ];
      },
    },
    async generateBundle(_options, bundle) {
      const indexHtml = bundle['index.html'];
      if (indexHtml?.type !== 'asset') throw new Error('route-pages: no index.html in the build');
      const html = String(indexHtml.source);
      const manifest: Record<string, string> = {};
      for (const [page, modules] of Object.entries(PAGE_MODULES)) {
        const files = chunkFilesOf(
          bundle,
          modules.map((module) => path.join(root, module)),
        ).filter((file) => !html.includes(`/${file}"`));
        const preloads = [
          ...[...FIRST_FETCHES, ...(PAGE_FETCHES[page] ?? [])].map(
            (url) => `    <link rel="preload" as="fetch" crossorigin href="${url}">\n`,
          ),
          ...files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`),
        ];
        let pageHtml = inlineStylesheets(
          bundle,
          html.replace('  </head>', `${preloads.join('')}  </head>`),
        );
        if (page === PRERENDERED.page) pageHtml = await prerender(root, pageHtml);
        const fileName = `pages${page}.html`;
        this.emitFile({ type: 'asset', fileName, source: pageHtml });
        manifest[page] = fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGES_MANIFEST,
        source: JSON.stringify(manifest, null, 2),
      });
    },
  };
}

/**
 * The page's stylesheet written into its HTML: these pages paint from their HTML (drawn by the
 * server or at build), and a stylesheet to fetch blocked that paint, queued on the host's six
 * connections among the page's twenty script chunks. About 9 KB more HTML, compressed.
 */
function inlineStylesheets(bundle: OutputBundle, html: string): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
    (_link, fileName: string) => {
      const asset = bundle[fileName];
      if (asset?.type !== 'asset') throw new Error(`route-pages: no stylesheet ${fileName}`);
      const css = String(asset.source);
      if (css.includes('</style')) throw new Error(`route-pages: ${fileName} cannot be inlined`);
      return `<style>${css}</style>`;
    },
  );
}

/** The chunks of these modules and every chunk they import statically, without duplicates. */
function chunkFilesOf(bundle: OutputBundle, modulePaths: string[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const files = new Set<string>();
  const add = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(add);
  };
  for (const modulePath of modulePaths) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === modulePath);
    if (!chunk) throw new Error(`route-pages: no chunk for ${modulePath}`);
    add(chunk.fileName);
  }
  return [...files];
}

/** The sign-in page's HTML with its markup in the root element (prerender.tsx). */
async function prerender(root: string, html: string): Promise<string> {
  const { module } = await runnerImport<Record<string, (html: string) => string>>(
    path.join(root, PRERENDERED.module),
    {
      root,
      configFile: false,
      logLevel: 'warn',
      resolve: { alias: { '@': path.join(root, 'src') } },
    },
  );
  const render = module[PRERENDERED.render];
  if (!render) throw new Error(`route-pages: ${PRERENDERED.module} has no ${PRERENDERED.render}`);
  return render(html);
}
