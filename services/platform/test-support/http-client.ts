import { request as httpRequest } from 'node:http';
import { contractBreach, isCheckingAnswers } from './contract';

/** A tiny browser stand-in: keeps its cookies, sends JSON, reads JSON. One instance = one person's browser. */
export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookieHeader(header: string) {
    this.cookies.clear();
    for (const part of header.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k) this.cookies.set(k, v.join('='));
    }
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...this.defaultHeaders,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(this.cookies.size && { cookie: this.cookieHeader }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.keepCookies(res.headers.getSetCookie());
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text
    }
    if (isCheckingAnswers()) {
      const breach = contractBreach(method, path, {
        status: res.status,
        contentType: res.headers.get('content-type'),
        location: res.headers.get('location'),
        body: parsed,
      });
      if (breach) throw new Error(`The answer breaks the OpenAPI document: ${breach}`);
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  private keepCookies(setCookies: readonly string[]) {
    for (const cookie of setCookies) {
      const [pair, ...attrs] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }

  /**
   * A GET as a browser loading a page from this site sends it (`Sec-Fetch-Mode: navigate`). Over node:http: fetch
   * itself always says `Sec-Fetch-Mode: cors`, whatever the caller sets. Answers the status and the body as text.
   */
  navigate(path: string): Promise<{ status: number; body: string; location?: string }> {
    const headers = {
      ...this.defaultHeaders,
      ...(this.cookies.size && { cookie: this.cookieHeader }),
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
      'sec-fetch-site': 'same-origin',
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    };
    return new Promise((resolve, reject) => {
      httpRequest(this.baseUrl + path, { headers }, (res) => {
        this.keepCookies(res.headers['set-cookie'] ?? []);
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body, location: res.headers.location }));
      })
        .on('error', reject)
        .end();
    });
  }

  get = <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
    this.request<T>('GET', path, undefined, headers);
  post = <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body, headers);
  put = <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('PUT', path, body, headers);
}
