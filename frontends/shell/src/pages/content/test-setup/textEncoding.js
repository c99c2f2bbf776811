// Plain jsdom lacks TextEncoder, which react-router (through @vellum/ui) needs when it loads; tests
// import this before anything else to lend Node's. (JavaScript, so the page sources need no Node types.)
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
