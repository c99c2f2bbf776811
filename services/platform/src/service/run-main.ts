/** Runs a process's `start`; a failure stops the process with `<name> failed to start: ...`. */
export function runMain(name: string, start: () => Promise<void>): void {
  start().catch((err: unknown) => {
    process.stderr.write(`${name} failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
