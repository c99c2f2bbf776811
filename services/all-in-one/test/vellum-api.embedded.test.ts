import { describeEmbedded } from './embedded.harness';
import { vellumApiSuite } from '@vellum/vellum/test-support';

/** The vellum calls through the gateway of the embedded product (PGlite, in-process bus). */
describeEmbedded('vellum through the gateway, embedded', (url) => vellumApiSuite(url));
