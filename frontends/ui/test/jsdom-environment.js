// jsdom lacks the web platform pieces Node already has (fetch's Response, TextEncoder for react-router):
// lend them from Node so components run as in a browser.
const { TestEnvironment } = require('jest-environment-jsdom');

const LENT = [
  'fetch',
  'Response',
  'Request',
  'Headers',
  'FormData',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'AbortController',
  'AbortSignal',
  'structuredClone',
];

class BrowserLikeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of LENT) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = BrowserLikeEnvironment;
