import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const protoDir = path.resolve(__dirname, '..');
const script = path.join(protoDir, 'scripts', 'check-generated.mjs');

function check(...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { cwd: protoDir, encoding: 'utf8' });
}

describe('generated code', () => {
  it('src/gen is exactly what buf generates from events/ (run `npm run generate -w @vellum/proto`)', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  describe('the check itself', () => {
    let copy: string;
    beforeEach(() => {
      copy = mkdtempSync(path.join(os.tmpdir(), 'vellum-gen-copy-'));
      cpSync(path.join(protoDir, 'src', 'gen'), copy, { recursive: true });
    });
    afterEach(() => rmSync(copy, { recursive: true, force: true }));

    it('fails naming a file that differs', () => {
      appendFileSync(path.join(copy, 'vellum', 'identity', 'v1', 'identity_pb.ts'), '\n// edited by hand\n');
      const result = check(copy);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(path.join('vellum', 'identity', 'v1', 'identity_pb.ts (differs)'));
    });

    it('fails naming a missing file and a leftover file', () => {
      rmSync(path.join(copy, 'vellum', 'events', 'v1', 'envelope_pb.ts'));
      writeFileSync(path.join(copy, 'leftover_pb.ts'), '');
      const result = check(copy);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(path.join('vellum', 'events', 'v1', 'envelope_pb.ts (missing)'));
      expect(result.stderr).toContain('leftover_pb.ts (no longer generated');
    });
  });
});
