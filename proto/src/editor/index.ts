// The vellum document: TipTap extensions (no React), their allow-list, and the validator both sides use.
export * from './limits';
export * from './languages';
export * from './urls';
export * from './video';
export * from './extensions';
export * from './attributes';
export * from './validate';
export * from './plain-text';
export * from './markdown/looks-like-markdown';
