import path from 'node:path';
import { describeRemoteContract } from '@vellum/ui/test-support';
import { EXPOSED_MODULES } from '../exposes';

describeRemoteContract({
  name: 'messenger',
  dir: path.join(__dirname, '..'),
  exposes: EXPOSED_MODULES,
  shellDir: path.join(__dirname, '../../shell'),
});
