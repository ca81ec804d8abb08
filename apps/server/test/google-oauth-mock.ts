import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';

export type GoogleProfile = { sub: string; email: string; name: string; emailVerified: boolean };

const GOOGLE_HOSTS = new Set([
  'accounts.google.com',
  'oauth2.googleapis.com',
  'www.googleapis.com',
]);

/**
 * A local server speaking the part of Google's OAuth 2.0 / OpenID Connect protocol that sign-in
 * uses: the authorization endpoint (approves at once as `profile`), the token endpoint (checks
 * client credentials, code, redirect URI and the PKCE verifier, and returns an RS256 id token),
 * and the key set. While it runs, this process's fetch sends Google's hosts to it.
 */
export async function startGoogleOAuthMock(options: {
  clientId: string;
  clientSecret: string;
  port?: number;
  /** Send this process's requests for Google's hosts to the mock (in-process tests). */
  redirectThisProcess?: boolean;
}) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<
    string,
    { redirectUri: string; challenge: string | null; profile: GoogleProfile }
  >();
  let profile: GoogleProfile | null = null;
  const requests: string[] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== options.clientId || !redirectUri || !profile) {
        return send(400, { error: 'invalid_request' });
      }
      const code = randomUUID();
      codes.set(code, { redirectUri, challenge: url.searchParams.get('code_challenge'), profile });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64')
            .toString()
            .split(':')
            .map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (basic[0] !== options.clientId || basic[1] !== options.clientSecret)
        return send(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant || grant.redirectUri !== form.get('redirect_uri'))
        return send(400, { error: 'invalid_grant' });
      if (grant.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (computed !== grant.challenge)
          return send(400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
      const idToken = await new SignJWT({
        email: grant.profile.email,
        email_verified: grant.profile.emailVerified,
        name: grant.profile.name,
      })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer('https://accounts.google.com')
        .setAudience(options.clientId)
        .setSubject(grant.profile.sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      return send(200, {
        access_token: randomUUID(),
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'openid email profile',
        id_token: idToken,
      });
    }
    if (url.pathname === '/oauth2/v3/certs') return send(200, { keys: [jwk] });
    // Test control: the Google account the next authorization approves (used by the browser suite).
    if (url.pathname === '/__profile' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      profile = JSON.parse(raw) as GoogleProfile;
      return send(204, {});
    }
    return send(404, { error: 'not_found' });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const previous = getGlobalDispatcher();
  const redirecting = new Agent().compose(
    (dispatch: Dispatcher['dispatch']) =>
      (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers) => {
        const host = opts.origin ? new URL(String(opts.origin)).host : '';
        return dispatch(GOOGLE_HOSTS.has(host) ? { ...opts, origin } : opts, handler);
      },
  );
  setGlobalDispatcher(redirecting);

  return {
    origin,
    requests,
    /** The Google account the next authorization approves. */
    useProfile(next: GoogleProfile) {
      profile = next;
    },
    async stop() {
      setGlobalDispatcher(previous);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends this process's fetches for Google's hosts to `origin` (undici's global dispatcher). */
export function redirectGoogleHosts(origin: string) {
  setGlobalDispatcher(
    new Agent().compose(
      (dispatch: Dispatcher['dispatch']) =>
        (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers) => {
          const host = opts.origin ? new URL(String(opts.origin)).host : '';
          return dispatch(GOOGLE_HOSTS.has(host) ? { ...opts, origin } : opts, handler);
        },
    ),
  );
}
