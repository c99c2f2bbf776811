import { describeEmbedded } from './embedded.harness';
import { actionApiSuite } from '@vellum/action/test-support';

/** The action calls through the gateway of the embedded product (PGlite, in-process bus). */
describeEmbedded('actions through the gateway, embedded', (url) => actionApiSuite(url));
