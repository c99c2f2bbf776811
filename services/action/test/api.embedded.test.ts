import { describeEmbedded } from '../../all-in-one/test/embedded.harness';
import { actionApiSuite } from './support/action-api.suite';

/** The action calls through the gateway of the embedded product (PGlite, in-process bus). */
describeEmbedded('actions through the gateway, embedded', (url) => actionApiSuite(url));
