// Requests as the browser's page makes them through the gateway: JSON bodies, and on every state-changing call the
// page's Origin (the gateway refuses a cross-site write). Each request is named for its route, not its URL.
import http from 'k6/http';
import { BASE_URL } from './base-url.js';

/**
 * One request; `options.headers` adds headers (a session's Cookie where no cookie jar holds it), `options.params`
 * k6's request parameters (timeout, redirects).
 */
export function api(method, path, body, name, options = {}) {
  const headers = { ...options.headers };
  if (method !== 'GET') {
    headers.Origin = BASE_URL;
    headers['Sec-Fetch-Site'] = 'same-origin';
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return http.request(method, BASE_URL + path, body === undefined ? null : JSON.stringify(body), {
    headers,
    tags: { name: name || `${method} ${path}` },
    ...options.params,
  });
}

/** The answer's JSON, or undefined when it is not JSON. */
export function json(res) {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}
