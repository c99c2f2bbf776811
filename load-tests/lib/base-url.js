// The product's origin (the gateway), apart from config.js so that a script without a seed (the fault drills'
// writes.js) can make requests as the page does: BASE_URL=http://127.0.0.1:8080.
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
