// What the micro-frontends' jest tests share (jest-config.js is their jest.config.js's starting point).
export { ann } from './cirri';
export { serve, type Answer, type Call } from './fakeGateway';
export { authModals, renderPage, type RenderedPage } from './renderPage';
export { describeRemoteContract, type RemoteContract } from './remoteContract';
export { fakeSocketIo, FakeSocket } from './fakeSocketIo';
