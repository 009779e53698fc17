/** Writes a small API package to a temporary folder and generates its CRDs, for unit tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type BuiltinSchemaSource, type CustomResourceDefinition, type JSONSchemaProps } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import type { Diagnostic } from '../../src/markers/index.js';

const root = mkdtempSync(path.join(tmpdir(), 'crd-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

export interface SandboxResult {
  crds: CustomResourceDefinition[];
  diagnostics: Diagnostic[];
  errors: string[];
  dir: string;
}

/** Generates the CRDs of `files` (relative path -> source) placed under a fresh folder. */
export function generateFrom(files: Record<string, string>, options: { maxDescLen?: number; builtinSchemas?: BuiltinSchemaSource } = {}): SandboxResult {
  const dir = path.join(root, `case${++counter}`);
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const { crds, diagnostics } = generateCrds({ paths: [dir], maxDescLen: options.maxDescLen, toolVersion: 'test', builtinSchemas: options.builtinSchemas });
  return {
    crds: crds.map((c) => c.crd),
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === 'error').map((d) => `${path.relative(dir, d.file)}:${d.line}: ${d.message}`),
    dir,
  };
}

const GROUP_FILE = `// +groupName=test.example.com
export const GroupVersion = { group: 'test.example.com', version: 'v1' };
`;

/**
 * A Widget kind in api/v1 whose spec is `WidgetSpec`, declared in `source` (which may declare
 * more types and import from 'kubescaffolder/runtime' and '@kubernetes/client-node').
 */
export function widget(source: string, options: { kindMarkers?: string; extraFiles?: Record<string, string>; maxDescLen?: number } = {}): SandboxResult & {
  spec: JSONSchemaProps;
} {
  const types = `import type { ObjectMeta } from 'kubescaffolder/runtime';
${source}

${options.kindMarkers ?? ''}
// Widget is the kind under test.
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
`;
  const result = generateFrom({ 'api/v1/groupversion_info.ts': GROUP_FILE, 'api/v1/widget_types.ts': types, ...options.extraFiles }, options);
  const spec = result.crds[0]?.spec.versions[0]?.schema?.openAPIV3Schema.properties?.spec ?? {};
  return { ...result, spec };
}

/** The schema of `spec.<field>`. */
export function field(spec: JSONSchemaProps, name: string): JSONSchemaProps | undefined {
  return spec.properties?.[name];
}
