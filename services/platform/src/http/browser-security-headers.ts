import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Browser features no page of Vellum uses, switched off for every page and anything embedded in it. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';

/** HSTS means something only on an answer that came over HTTPS; over plain HTTP browsers ignore it. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface BrowserSecurityOptions {
  /** Origins of remotes served elsewhere: the shell fetches their manifest, runs their scripts, loads their styles. */
  scriptOrigins?: string[];
  /** Websocket origins the pages may connect to besides their own. */
  websocketOrigins?: string[];
  /** Origins the pages may frame (the product's videos); none by default (`frame-src 'none'`). */
  frameOrigins?: readonly string[];
}

/** The headers every answer a browser gets carries: a page's CSP, framing and sniffing rules, HSTS over TLS. */
export function browserSecurityHeaders(options: BrowserSecurityOptions): RequestHandler {
  const scriptOrigins = options.scriptOrigins ?? [];
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...scriptOrigins],
        imgSrc: ["'self'", 'data:', 'https:'],
        frameSrc: options.frameOrigins?.length ? [...options.frameOrigins] : ["'none'"],
        connectSrc: ["'self'", ...(options.websocketOrigins ?? []), ...scriptOrigins],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  const fixed = headersOf(helmetHeaders);
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    for (const [name, value] of fixed) res.setHeader(name, value);
    res.removeHeader('X-Powered-By');
    next();
  };
}

/**
 * The headers helmet sets, read once: with these options they are the same on every answer (no nonce, no per-request
 * directive), and running its dozen middlewares on every request cost the gateway about 6 % of its CPU.
 */
function headersOf(middleware: RequestHandler): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  let done = false;
  const res = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => {},
  } as unknown as Response;
  void middleware({} as Request, res, () => (done = true));
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
}
