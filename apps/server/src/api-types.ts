/** Types the web client is built from; nothing here runs in the browser. */
export type { ApiRoutes } from './app.js';
export type { Account } from './modules/profile/profile.service.js';
export type { SubscriptionState } from './modules/billing/billing.service.js';
