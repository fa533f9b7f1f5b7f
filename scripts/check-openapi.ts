// Checks /openapi.json as bot authors' tools read it (CI runs this): a maintained validator
// (swagger-parser), Redocly's lint with its recommended rules, and a client typed by
// openapi-typescript that must compile (test/openapi/client.ts).
import SwaggerParser from '@apidevtools/swagger-parser';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../src/worker/openapi.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.openapi');
mkdirSync(out, { recursive: true });
const documentPath = path.join(out, 'openapi.json');
const doc = openApiDocument('https://subspace.example.org');
writeFileSync(documentPath, JSON.stringify(doc, null, 2));

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (what: string, file: string, args: string[]) => {
  console.log(`- ${what}`);
  execFileSync(file, args, { cwd: root, stdio: 'inherit' });
};

console.log('- swagger-parser validate');
await SwaggerParser.validate(structuredClone(doc) as never);
run('redocly lint', bin('redocly'), ['lint', documentPath, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary']);
console.log('- openapi-typescript, then tsc on test/openapi/client.ts');
writeFileSync(path.join(root, 'test', 'openapi', 'api.gen.ts'), astToString(await openapiTS(JSON.parse(JSON.stringify(doc)))));
run('tsc', bin('tsc'), ['--noEmit', '-p', path.join(root, 'test', 'openapi', 'tsconfig.json')]);
console.log('/openapi.json: valid, lint clean, generated client compiles');
