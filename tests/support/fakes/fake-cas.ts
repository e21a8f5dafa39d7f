// A fake CAS 3.0 server on 127.0.0.1: a login page that issues service tickets for known users and
// redirects back to the service, /p3/serviceValidate answering success or failure XML (each ticket is
// valid once, for its service, for a short time), /logout, and the server's side of single logout
// (singleLogout() POSTs a SAML logoutRequest naming the ticket, as CAS does).
import { randomUUID } from 'node:crypto';
import { escapeXml, listenLocal, readBody } from './listen.ts';

export interface FakeCasUser {
  readonly attributes?: Readonly<Record<string, string>>;
}

export interface FakeCas {
  readonly url: string;
  /** A ticket as the login page would issue it; `ttlSeconds` ≤ 0 gives an expired one. */
  issueTicket(username: string, service: string, ttlSeconds?: number): string;
  /** POSTs CAS's single-logout request for the ticket to `target`; returns the HTTP status. */
  singleLogout(ticket: string, target: string): Promise<number>;
  close(): Promise<void>;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

function loginForm(service: string, error = ''): string {
  return page(
    'CAS ログイン',
    `<h1>CAS ログイン</h1>${error ? `<p role="alert">${escapeXml(error)}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="service" value="${escapeXml(service)}">
<label>ユーザー名 <input name="username" autocomplete="username"></label>
<button type="submit">CAS でログイン</button>
</form>`,
  );
}

export function serviceValidateSuccess(
  user: string,
  attributes: Readonly<Record<string, string>> = {},
): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => `<cas:${name}>${escapeXml(value)}</cas:${name}>`)
    .join('');
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${escapeXml(user)}</cas:user>
    <cas:attributes>${attrs}</cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
}

export function serviceValidateFailure(code: string, message: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">${escapeXml(message)}</cas:authenticationFailure>
</cas:serviceResponse>`;
}

export function logoutRequestXml(ticket: string): string {
  return `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${escapeXml(ticket)}</samlp:SessionIndex></samlp:LogoutRequest>`;
}

export async function startFakeCas(options: {
  users: Readonly<Record<string, FakeCasUser>>;
}): Promise<FakeCas> {
  const tickets = new Map<string, { username: string; service: string; expiresAt: number; used: boolean }>();

  function issueTicket(username: string, service: string, ttlSeconds = 300): string {
    const ticket = `ST-${randomUUID()}`;
    tickets.set(ticket, { username, service, expiresAt: Date.now() + ttlSeconds * 1000, used: false });
    return ticket;
  }

  const listening = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };

    if (url.pathname === '/login' && req.method === 'GET') {
      return html(200, loginForm(url.searchParams.get('service') ?? ''));
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const username = form.get('username') ?? '';
      const service = form.get('service') ?? '';
      if (!service) return html(400, page('CAS', '<p>service がありません</p>'));
      if (!options.users[username]) return html(200, loginForm(service, 'ユーザー名が正しくありません'));
      const target = new URL(service);
      target.searchParams.set('ticket', issueTicket(username, service));
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    if (url.pathname === '/p3/serviceValidate' && req.method === 'GET') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const service = url.searchParams.get('service') ?? '';
      const entry = tickets.get(ticket);
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      // CAS spends a ticket on the first validation attempt, whatever its outcome.
      if (!entry || entry.used) {
        return res.end(serviceValidateFailure('INVALID_TICKET', `Ticket '${ticket}' not recognized`));
      }
      entry.used = true;
      if (entry.expiresAt <= Date.now()) {
        return res.end(serviceValidateFailure('INVALID_TICKET', `Ticket '${ticket}' has expired`));
      }
      if (entry.service !== service) {
        return res.end(
          serviceValidateFailure('INVALID_SERVICE', `Ticket '${ticket}' does not match the service`),
        );
      }
      return res.end(serviceValidateSuccess(entry.username, options.users[entry.username]?.attributes));
    }
    if (url.pathname === '/logout' && req.method === 'GET') {
      const service = url.searchParams.get('service');
      const link = service ? `<a href="${escapeXml(service)}">ポータルへ戻る</a>` : '';
      return html(200, page('CAS ログアウト', `<h1>CAS からログアウトしました</h1>${link}`));
    }
    html(404, page('CAS', 'not found'));
  });

  return {
    url: listening.url,
    issueTicket,
    async singleLogout(ticket, target) {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logoutRequest: logoutRequestXml(ticket) }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: listening.close,
  };
}
