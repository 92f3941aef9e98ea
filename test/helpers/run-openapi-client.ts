/**
 * Runs a generated client module's `run(baseUrl, token)` and prints its result as JSON:
 * `node -r @swc-node/register test/helpers/run-openapi-client.ts <client.ts> <baseUrl> <token>`.
 */
async function main(): Promise<void> {
  const [file, baseUrl, token] = process.argv.slice(2);
  const client = (await import(file)) as { run(baseUrl: string, token: string): Promise<unknown> };
  process.stdout.write(JSON.stringify(await client.run(baseUrl, token)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
