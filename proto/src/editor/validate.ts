import { Node as PmNode } from '@tiptap/pm/model';
import { MARK_RULES, NODE_RULES, urlMessages, type AttributeRule } from './attributes';
import { vellumSchema } from './extensions';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_DEPTH } from './limits';
import { CONTROL_CHARACTERS, hasControlCharacter } from '../text/control-characters';
import { isSafeUrl } from './urls';
import { videoIdOf } from './video';

/** A TipTap (ProseMirror) JSON node as the editor produces it. */
export interface VellumNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: VellumNode[];
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  text?: string;
}

export interface VellumDocument extends VellumNode {
  type: 'doc';
}

export type DocumentValidation = { ok: true; doc: VellumDocument } | { ok: false; message: string };

export const documentMessages = {
  notJson: 'The document is not valid JSON.',
  tooLarge: `The document is too large (at most ${MAX_DOCUMENT_BYTES / 1024} KB).`,
  tooDeep: 'The document is nested too deeply.',
  notDoc: 'The document must be a rich-text document.',
  notSchema: 'The document does not fit the editor.',
  textControl: 'The text of a Vellum cannot contain control characters.',
} as const;

/**
 * A document's text has lines: tabs, line feeds and carriage returns (a code block keeps all three) stay; every other
 * control character (NUL, which Postgres refuses, above all) is refused, in text and in text attributes alike.
 */
const DOCUMENT_CONTROLS = CONTROL_CHARACTERS.multiLine;

class Refused extends Error {}

const NODE_KEYS = new Set(['type', 'attrs', 'content', 'marks', 'text']);
const MARK_KEYS = new Set(['type', 'attrs']);
const DIMENSION = /^\d{1,5}(px|%)?$/;

/** An object literal (of any realm): not an array, a class instance or anything exotic. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Names from the document go into messages quoted and cut short. */
const quote = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

function ruleOf<R>(rules: Readonly<Record<string, R>>, name: unknown): R | undefined {
  return typeof name === 'string' && Object.hasOwn(rules, name) ? rules[name] : undefined;
}

function checkAttribute(rule: AttributeRule, value: unknown, where: string): void {
  const fail = (what: string) => {
    throw new Refused(`The attribute ${where} must be ${what}.`);
  };
  switch (rule.kind) {
    case 'string':
      if (value === null && rule.nullable) return;
      if (typeof value !== 'string') return fail('text');
      if (value.length > rule.maxLength) return fail(`at most ${rule.maxLength} characters`);
      if (hasControlCharacter(value, DOCUMENT_CONTROLS)) return fail('text without control characters');
      return;
    case 'integer':
      if (value === null && rule.nullable) return;
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail('a whole number');
      if (value < rule.min || value > rule.max) return fail(`between ${rule.min} and ${rule.max}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') return fail('true or false');
      return;
    case 'oneOf':
      // Strict equality: '1' is not 1, and an array holding an allowed value is not that value.
      if (!rule.values.includes(value as string | number | null)) {
        return fail(`one of ${rule.values.map((v) => JSON.stringify(v)).join(', ')}`);
      }
      return;
    case 'url':
      if (!isSafeUrl(value, rule.protocols)) throw new Refused(rule.message);
      return;
    case 'video':
      if (videoIdOf(value) === null) throw new Refused(urlMessages.video);
      return;
    case 'widths':
      if (value === null) return;
      if (
        !Array.isArray(value) ||
        value.length === 0 ||
        value.length > 100 ||
        !value.every((w) => Number.isInteger(w) && w >= 1 && w <= 10_000)
      ) {
        return fail('null or a list of whole numbers of pixels');
      }
      return;
    case 'dimension':
      if (value === null) return;
      if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10_000) return;
      if (typeof value === 'string' && DIMENSION.test(value)) return;
      return fail("a size such as 640, '640px' or '100%'");
  }
}

function checkAttrs(rules: Readonly<Record<string, AttributeRule>>, attrs: unknown, owner: string): void {
  if (attrs !== undefined && !isPlainObject(attrs)) {
    throw new Refused(`The attributes of ${owner} must be an object.`);
  }
  // A link, image or video without its address has nothing safe to default to.
  for (const [name, rule] of Object.entries(rules)) {
    if (
      (rule.kind === 'url' || rule.kind === 'video') &&
      (attrs === undefined || !Object.hasOwn(attrs, name))
    ) {
      throw new Refused(rule.kind === 'url' ? rule.message : urlMessages.video);
    }
  }
  if (attrs === undefined) return;
  for (const [name, value] of Object.entries(attrs)) {
    const rule = ruleOf(rules, name);
    if (!rule) throw new Refused(`${owner} has an unknown attribute ${quote(name)}.`);
    checkAttribute(rule, value, `${quote(name)} of ${owner}`);
  }
}

function checkMarks(marks: unknown, owner: string): void {
  if (!Array.isArray(marks)) throw new Refused(`The marks of ${owner} must be a list.`);
  const seen = new Set<string>();
  for (const mark of marks) {
    if (!isPlainObject(mark)) throw new Refused(`A mark of ${owner} is not an object.`);
    for (const key of Object.keys(mark)) {
      if (!MARK_KEYS.has(key)) throw new Refused(`A mark of ${owner} has an unknown field ${quote(key)}.`);
    }
    const rule = ruleOf(MARK_RULES, mark.type);
    if (!rule) throw new Refused(`Unknown mark type ${quote(String(mark.type))}.`);
    const type = mark.type as string;
    if (seen.has(type)) throw new Refused(`The mark ${quote(type)} appears twice on ${owner}.`);
    seen.add(type);
    checkAttrs(rule.attrs, mark.attrs, `mark ${quote(type)}`);
  }
}

function checkNode(node: unknown, depth: number): void {
  if (depth > MAX_DOCUMENT_DEPTH) throw new Refused(documentMessages.tooDeep);
  if (!isPlainObject(node)) throw new Refused('Every node of the document must be an object.');
  for (const key of Object.keys(node)) {
    if (!NODE_KEYS.has(key)) throw new Refused(`A node has an unknown field ${quote(key)}.`);
  }
  const rule = ruleOf(NODE_RULES, node.type);
  if (!rule) throw new Refused(`Unknown node type ${quote(String(node.type))}.`);
  const type = node.type as string;
  const owner = `node ${quote(type)}`;
  checkAttrs(rule.attrs, node.attrs, owner);

  if (type === 'text') {
    if (typeof node.text !== 'string' || node.text.length === 0) {
      throw new Refused('A text node must hold non-empty text.');
    }
    if (hasControlCharacter(node.text, DOCUMENT_CONTROLS)) throw new Refused(documentMessages.textControl);
  } else if (node.text !== undefined) {
    throw new Refused(`${owner} cannot hold text.`);
  }
  if (node.marks !== undefined) {
    if (!rule.inline) throw new Refused(`${owner} cannot carry marks.`);
    checkMarks(node.marks, owner);
  }
  if (node.content !== undefined) {
    if (!Array.isArray(node.content)) throw new Refused(`The content of ${owner} must be a list.`);
    if (rule.leaf && node.content.length > 0) throw new Refused(`${owner} cannot have content.`);
    for (const child of node.content) checkNode(child, depth + 1);
  }
}

/**
 * Checks a vellum document before it is stored: its size and depth, an allow-list of node and mark types with their
 * attribute names and types (a text attribute sent as a list or object is refused), no control characters but tabs
 * and line breaks in text and text attributes, only http/https/mailto links, http/https images, video embeds that
 * are video links with an 11-character id; then the ProseMirror schema of `vellumExtensions()` (content
 * expressions, marks allowed where they are). Nothing is stripped or repaired: a document that does not pass is
 * refused whole. `input` is the document or its JSON text.
 */
export function validateVellumDocument(input: unknown): DocumentValidation {
  try {
    let json: string;
    let value: unknown;
    if (typeof input === 'string') {
      if (utf8Length(input) > MAX_DOCUMENT_BYTES) return { ok: false, message: documentMessages.tooLarge };
      json = input;
      try {
        value = JSON.parse(input);
      } catch {
        return { ok: false, message: documentMessages.notJson };
      }
    } else {
      value = input;
      json = JSON.stringify(input) ?? '';
      if (utf8Length(json) > MAX_DOCUMENT_BYTES) return { ok: false, message: documentMessages.tooLarge };
    }
    if (!isPlainObject(value) || value.type !== 'doc') return { ok: false, message: documentMessages.notDoc };
    checkNode(value, 1);
    try {
      PmNode.fromJSON(vellumSchema(), value).check();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, message: `${documentMessages.notSchema} (${reason.slice(0, 200)})` };
    }
    return { ok: true, doc: value as unknown as VellumDocument };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    // A stack overflow or a cyclic object: refused, never a crash of the caller.
    if (error instanceof RangeError || error instanceof TypeError) {
      return { ok: false, message: documentMessages.notDoc };
    }
    throw error;
  }
}
