import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import http from 'highlight.js/lib/languages/http';
import java from 'highlight.js/lib/languages/java';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import scss from 'highlight.js/lib/languages/scss';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import vim from 'highlight.js/lib/languages/vim';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { CodeBlockLanguage } from '@vellum/proto/editor';

type LanguageFn = Parameters<ReturnType<typeof createLowlight>['register']>[1];

/** Exactly the code block languages of the schema (spec section 9's longer list), nothing else bundled. */
export const GRAMMARS: Record<CodeBlockLanguage, LanguageFn> = {
  bash,
  dockerfile,
  go,
  http,
  java,
  json,
  python,
  ruby,
  scss,
  sql,
  swift,
  typescript,
  vim,
  xml,
  yaml,
};

export const lowlight = createLowlight(GRAMMARS);
