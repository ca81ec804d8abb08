// Loaded with `node --import` into a server started by the browser suite: its requests to
// Google's hosts go to the local mock named by E2E_GOOGLE_MOCK_ORIGIN. Never used in production.
import { redirectGoogleHosts } from './google-oauth-mock.js';

const origin = process.env.E2E_GOOGLE_MOCK_ORIGIN;
if (!origin) throw new Error('E2E_GOOGLE_MOCK_ORIGIN is not set');
redirectGoogleHosts(origin);
