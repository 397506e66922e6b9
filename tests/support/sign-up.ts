// Signing up over real HTTP, for tests and benchmarks that talk to a server process (the compiled
// build, two processes behind a proxy, load runs): register, follow the emailed link, sign in.
// In-process tests use signUp() in test-app.ts, which does the same through inject().

/** An address no earlier run used, so journeys and benches can run again on the same data. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface HttpAccount {
  email: string;
  password: string;
  /** `sid=…`, ready for a Cookie header. */
  cookie: string;
}

/**
 * Registers, verifies through the link in the server's outbox and signs in. `outbox` lists the
 * mails the server wrote (AppProcess.outboxLinks); every step must succeed or this throws.
 */
export async function signUpOverHttp(
  baseUrl: string,
  outbox: () => Array<{ to: string; link: string }>,
  options: { email?: string; password?: string; username?: string } = {},
): Promise<HttpAccount> {
  const email = options.email ?? uniqueEmail('user');
  const password = options.password ?? 'correct horse battery';
  const json = { 'content-type': 'application/json' };
  const register = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: options.username ?? email.split('@')[0], email, password }),
  });
  if (register.status !== 201) throw new Error(`register failed: ${register.status} ${await register.text()}`);
  const mail = outbox().find((m) => m.to === email.toLowerCase());
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const token = new URL(mail.link).searchParams.get('token');
  const verify = await fetch(`${baseUrl}/api/auth/verify-email?token=${token}`);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${await verify.text()}`);
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return { email, password, cookie };
}
