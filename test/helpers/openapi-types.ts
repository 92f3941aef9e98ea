/**
 * Generates TypeScript types from an OpenAPI document with openapi-typescript's Node API, as a client
 * project would: `node -r @swc-node/register test/helpers/openapi-types.ts <document.json> <out.ts>`.
 * A process of its own, since openapi-typescript's dependencies are ES modules Jest cannot load.
 * `format: binary` becomes `Blob`, so multipart uploads can be typed (openapi-typescript's own recipe).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

async function main(): Promise<void> {
  const [input, output] = process.argv.slice(2);
  const ast = await openapiTS(JSON.parse(readFileSync(input, 'utf8')), {
    transform: (schema) => (schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined),
  });
  writeFileSync(output, astToString(ast));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
