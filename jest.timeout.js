// A project's `testTimeout` (jest.preset.js puts it in `globals`): jest itself honours only the root config's.
jest.setTimeout(globalThis.vellumTestTimeoutMs);
