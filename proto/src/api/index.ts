// The API's request and response schemas, shared by the services and the browser ('@vellum/proto/api').
export * from './messages';
export * from './fields';
export * from './paging';
export * from './search';
export * from './identity';
export * from './password-checklist';
export * from './vellum';
export * from './social';
export * from './action';
export * from './link';
export * from './messaging';
export * from './notifications';
export * from './presence';
export * from './analytics';
// The shapes of ids and colours, for the browser too.
export * from '../text/patterns';
// Russian transliteration both ways: the Russian page's tool and text search's other alphabet.
export * from '../text/transliteration';
