// `@vellum/proto/markdown`: the Markdown converter on its own subpath, so only the pages that use it load markdown-it.
export * from './editor/markdown/index';
