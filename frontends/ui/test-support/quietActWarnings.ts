// react-bootstrap's modal and dropdown transitions finish on timers after a test's last step; React reports
// those state updates as not wrapped in act(). They are not the code under test.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) return;
  consoleError(...args);
};

export {};
