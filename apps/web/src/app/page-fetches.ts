/**
 * The API replies a page shows first, exactly as the app asks for them (TemplatesPage: 30 first,
 * sort most used, no category or search). The build names them in the page's HTML so they leave
 * before the app has run (build/route-pages.ts); the server draws /templates from them
 * (prerender.tsx). If the app's requests ever differ, those are only wasted, nothing breaks.
 */
export const ACCOUNT_FETCH = '/api/me';
export const TEMPLATE_CATEGORIES_FETCH = '/api/template-categories';
export const OPENING_TEMPLATES_FETCH = '/api/templates?offset=0&limit=30&sort=most_used';
