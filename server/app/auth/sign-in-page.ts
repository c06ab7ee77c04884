// The sign-in page: plain server-rendered HTML in the app's colours (theme.css), with its style
// inline, so it needs nothing the gate would hold back. Also the page that says a page needs
// the proxy's sign-in.
const STYLE = `
:root{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Liberation Sans',Arial,sans-serif;color:#1b2430;background:#f3f5f8}
body{margin:0;min-height:100vh;display:grid;place-items:center}
main{background:#fff;border:1px solid #d5dbe3;border-radius:12px;padding:2rem;width:min(22rem,90vw);box-shadow:0 4px 16px rgb(27 36 48 / 0.08)}
h1{font-size:1.25rem;margin:0 0 1rem;color:#1f5fbf}
label{display:block;font-size:.875rem;margin:.75rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.5rem;border:1px solid #aab3c0;border-radius:4px;font:inherit}
button{margin-top:1.25rem;width:100%;padding:.6rem;border:0;border-radius:4px;background:#1f5fbf;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover,.button:hover{background:#174c9c}
.button{display:block;text-align:center;text-decoration:none;margin-top:1.25rem;padding:.6rem;border-radius:4px;background:#1f5fbf;color:#fff;font-weight:600}
.note{font-size:.875rem;color:#535e6d;margin:0 0 .75rem}
.problem{font-size:.875rem;color:#b42318;background:#fdecea;border-radius:4px;padding:.5rem;margin:0 0 .75rem}`;

// No icon to fetch: a browser's own /favicon.ico request, made without a session, would be sent
// to sign in (with OpenID Connect, a sign-in started at the provider) or answered 404.
const NO_ICON = '<link rel="icon" href="data:,">';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Coverage Explorer</title>${NO_ICON}<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface SignInPageState {
  /** Where to go after signing in (a local path). */
  next: string;
  name?: string;
  /** Why the form is shown again: a wrong password, too many tries, a session ended. */
  problem?: string;
  note?: string;
}

export function signInPage(state: SignInPageState): string {
  const problem = state.problem
    ? `<p class="problem" role="alert">${escapeHtml(state.problem)}</p>`
    : '';
  const note = state.note ? `<p class="note">${escapeHtml(state.note)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Coverage Explorer</h1>${note}${problem}
<form method="post" action="/sign-in">
<input type="hidden" name="next" value="${escapeHtml(state.next)}">
<label for="name">Name</label><input id="name" name="name" autocomplete="username" required value="${escapeHtml(state.name ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function proxySignInPage(): string {
  return page(
    'Sign in',
    `<h1>Coverage Explorer</h1><p class="problem" role="alert">This server answers only requests that come through the office's sign-in proxy. Open the address your office gave you for Coverage Explorer.</p>`,
  );
}

export function oidcSignInPage(next: string, problem: string): string {
  const href = `/sign-in?next=${encodeURIComponent(next)}`;
  return page(
    'Sign in',
    `<h1>Coverage Explorer</h1><p class="note" role="alert">${escapeHtml(problem)}</p><a class="button" href="${escapeHtml(href)}">Sign in with your organisation</a>`,
  );
}

/** Signed in: on to the app, by a navigation this page starts (see oidc-routes.ts). */
export function continuePage(next: string): string {
  const href = escapeHtml(next);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Signed in · Coverage Explorer</title>${NO_ICON}</head><body><p><a href="${href}">Continue to Coverage Explorer</a></p></body></html>`;
}

/** `next` from a form or a query, kept only when it is a path on this server. */
export function localPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 2000
    ? value
    : '/';
}
