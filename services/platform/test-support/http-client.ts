import http from 'node:http';
import https from 'node:https';

/** What a browser sends when its user follows a link: the fetch metadata of a document navigation. */
export const NAVIGATION_HEADERS = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'same-origin',
};

/**
 * A GET as a browser's navigation to `url` (with `headers`), not followed: its status, body and `Location`. Through
 * `node:http`, since Node's `fetch` always says `Sec-Fetch-Mode: cors` whatever the caller sets.
 */
function navigation(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; location: string | null; setCookies: string[] }> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const req = client.get(url, { headers: { ...headers, ...NAVIGATION_HEADERS } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          location: res.headers.location ?? null,
          setCookies: res.headers['set-cookie'] ?? [],
        }),
      );
    });
    req.on('error', reject);
  });
}

/** A visitor's navigation to `url` (no cookies): its status and `Location`. */
export async function navigate(url: string): Promise<{ status: number; location: string | null }> {
  const { status, location } = await navigation(url, {});
  return { status, location };
}
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

  /** A GET as this browser's navigation to a page of the site (its cookies sent and kept): status, body, Location. */
  async navigate(path: string): Promise<{ status: number; body: string; location: string | null }> {
    const headers = {
      ...this.defaultHeaders,
      ...(this.cookies.size && { cookie: this.cookieHeader }),
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    };
    const { setCookies, ...answer } = await navigation(this.baseUrl + path, headers);
    this.keepCookies(setCookies);
    return answer;
  }

  get = <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
    this.request<T>('GET', path, undefined, headers);
  post = <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body, headers);
  put = <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('PUT', path, body, headers);
  delete = <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
    this.request<T>('DELETE', path, undefined, headers);
}
