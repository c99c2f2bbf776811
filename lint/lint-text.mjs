// Lints pieces of code as if they were files of the repository: reads `[{file, code}]` as JSON on stdin, writes the
// `no-restricted-imports` messages of each as JSON. Run as its own process because ESLint loads its flat config
// with a dynamic import, which jest's module sandbox does not allow.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = [];
for (const { file, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  results.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
}
process.stdout.write(JSON.stringify(results));
