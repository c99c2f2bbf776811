import { describeEmbedded } from '../../all-in-one/test/embedded.harness';
import { vellumApiSuite } from './support/vellum-api.suite';

/** The vellum calls through the gateway of the embedded product (PGlite, in-process bus). */
describeEmbedded('vellum through the gateway, embedded', (url) => vellumApiSuite(url));
