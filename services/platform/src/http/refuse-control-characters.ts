import type { RequestHandler } from 'express';
import { hasControlCharacter } from '@vellum/proto';
import type { ErrorBody } from './error-shape';

// Text that enters a service through its address or its body, checked before any route reads it: Postgres refuses
// U+0000 in text and jsonb, so a NUL that reached a query was a 500. What counts as a control character is
// @vellum/proto's one definition (C0 controls and DEL).

export const addressRefused: ErrorBody = {
  error: 'The address contains characters that are not allowed.',
  code: 'invalid',
};
export const bodyRefused: ErrorBody = {
  error: 'The request contains characters that are not allowed.',
  code: 'invalid',
};

/** True when any string in `value` (object keys included, at any depth) satisfies `test`. */
function someString(value: unknown, test: (text: string) => boolean): boolean {
  // A loop, not recursion (nor spreading a long array into push): a deep or wide body must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * 400 `addressRefused` when the decoded path or any query parameter (name or value) holds a control character,
 * or when the path's percent-encoding is broken (`%ZZ`, a cut `%E0%A4%A`): a path parameter or a query value is
 * the only text that reaches a route without a body schema (usernames in /api/cirrus/{name}/..., searches).
 * An address has no lines, so tab and line feed are refused too.
 */
export const refuseControlCharactersInAddress: RequestHandler = (req, res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    res.status(400).json(addressRefused);
    return;
  }
  if (hasControlCharacter(path) || someString(req.query, (text) => hasControlCharacter(text))) {
    res.status(400).json(addressRefused);
    return;
  }
  next();
};

/**
 * 400 `bodyRefused` when any string of a parsed JSON body (keys included, at any depth) holds U+0000: a safety net
 * for fields no schema knows. It runs before the routes, so it catches NUL only; the other control characters are
 * left to each field's schema, which refuses them in the field's own words (and keeps those a field allows, such as
 * the line breaks of a document).
 */
export const refuseNulInBody: RequestHandler = (req, res, next) => {
  if (req.body !== undefined && someString(req.body, (text) => text.includes('\u0000'))) {
    res.status(400).json(bodyRefused);
    return;
  }
  next();
};
