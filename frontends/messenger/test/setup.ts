// Every test file: socket.io-client is the fake of @vellum/ui/test-support, which the tests drive as the server.
jest.mock(
  'socket.io-client',
  () => jest.requireActual<typeof import('@vellum/ui/test-support')>('@vellum/ui/test-support').fakeSocketIo,
);
