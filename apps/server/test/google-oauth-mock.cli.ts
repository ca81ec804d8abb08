// Runs the Google OAuth mock as its own process for the browser suite:
//   tsx apps/server/test/google-oauth-mock.cli.ts <port> <client id> <client secret>
import { startGoogleOAuthMock } from './google-oauth-mock.js';

const [port, clientId, clientSecret] = process.argv.slice(2);
const mock = await startGoogleOAuthMock({
  clientId: clientId!,
  clientSecret: clientSecret!,
  port: Number(port),
  redirectThisProcess: false,
});
console.log(`Google OAuth mock listening at ${mock.origin}`);
