/**
 * A cookie-keeping HTTP client of a running server, as a browser on its own origin would be (the
 * server refuses cross-site state changes). Used by the server's tests and by the benches; it
 * imports nothing of the server, so a bench that measures a server process stays light.
 */
export function createClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  function remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  async function request(pathname: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    headers.set('origin', baseUrl);
    const res = await fetch(new URL(pathname, baseUrl), {
      ...init,
      headers,
      body,
      redirect: 'manual',
    });
    remember(res);
    return res;
  }
  return { request, cookies };
}

export type Client = ReturnType<typeof createClient>;

/** Throws with the reply's body unless it has the expected status. */
export async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * Signs a new person up and follows the verification link from the development outbox page, as
 * a person would (for servers started in another process, whose database a caller cannot read).
 */
export async function signUpThroughOutbox(
  client: Pick<Client, 'request'>,
  email: string,
  password: string,
) {
  await expectStatus(
    await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password, name: 'Bench' },
    }),
    200,
    'sign-up',
  );
  const outbox = await (await client.request('/dev/outbox')).text();
  const link = outbox
    .match(/https?:\/\/[^\s<"]+verify-email[^\s<"]+/)?.[0]
    ?.replace(/&#38;|&amp;/g, '&');
  if (!link) throw new Error('no verification link in /dev/outbox');
  await expectStatus(await client.request(link), 302, 'verification');
}
