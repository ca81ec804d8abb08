/** Types the web client is built from; nothing here runs in the browser. */
export type { ApiRoutes } from './app.js';
