/**
 * Each bench entry also runs on its own (`npx tsx scripts/bench/<entry>.ts`): when its file is the script
 * node was started with, this prints the entry's JSON and exits 0, or prints the error and exits 1 (a
 * bench's servers and browsers must not keep the process alive after the answer).
 */
export function runAsScript(moduleUrl: string, bench: () => Promise<unknown>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  bench().then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
