/**
 * Invalid API types fail with controller-gen's rule in the message and the place it applies to
 * (file, line, column). Cases follow controller-tools' pkg/crd/testdata/*_error folders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import type { Diagnostic } from '../../src/markers/index.js';
import { generateFrom } from './api-sandbox.js';
import { fixturesDir } from './conformance-harness.js';

const errorsDir = path.join(fixturesDir, 'errors');

function errorsOf(caseName: string): Diagnostic[] {
  const { diagnostics } = generateCrds({ paths: [path.join(errorsDir, caseName)] });
  return diagnostics.filter((d) => d.severity === 'error');
}

/** 1-based line of the first line of `file` containing `text`. */
function lineOf(file: string, text: string): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`${text} not in ${file}`);
  return i + 1;
}

interface ErrorCase {
  name: string;
  file: string;
  /** The rule, as controller-gen words it. */
  message: string;
  /** Text on the line the error must point at. */
  at: string;
}

const CASES: ErrorCase[] = [
  { name: 'enum_error', file: 'enum_error/api.ts', message: 'k8s:enum must be set on a type, not a field', at: '+k8s:enum' },
  {
    name: 'oneof_error',
    file: 'oneof_error/types.ts',
    message: 'kubebuilder:validation:AtMostOneOf: cannot reference nested fields: field.foo,field.bar',
    at: 'AtMostOneOf=field.foo',
  },
  {
    name: 'oneof_missing_tag_error',
    file: 'oneof_missing_tag_error/types.ts',
    message: 'field foo is part of OneOf constraint and must be optional',
    at: 'foo: string;',
  },
  {
    name: 'wrong_annotation_format',
    file: 'wrong_annotation_format/cronjob_types.ts',
    message: "annotation api-approved.kubernetes.io:https://github.com/kubernetes-sigs/controller-tools is not in 'xxx=xxx' format",
    at: '+kubebuilder:metadata:annotations',
  },
  { name: 'wrong_title_format', file: 'wrong_title_format/types.ts', message: 'expected string, got int', at: '+kubebuilder:title=123' },
  {
    name: 'wrong_title_format',
    file: 'wrong_title_format/types.ts',
    message: 'expected string, got map[string]interface {}',
    at: '+kubebuilder:title={}',
  },
  {
    name: 'maxlength_on_number',
    file: 'maxlength_on_number/types.ts',
    message: 'must apply maxlength to a textual value, found type "integer" (+kubebuilder:validation:MaxLength)',
    at: 'MaxLength=10',
  },
  {
    name: 'minimum_on_string',
    file: 'minimum_on_string/types.ts',
    message: 'must apply minimum to a numeric value, found string (+kubebuilder:validation:Minimum)',
    at: 'Minimum=1',
  },
  { name: 'unknown_field_type', file: 'unknown_field_type/types.ts', message: 'cannot generate schema for unknown', at: 'anything?: unknown' },
  { name: 'unknown_field_type', file: 'unknown_field_type/types.ts', message: 'unknown type NotDeclaredAnywhere', at: 'missing?:' },
  { name: 'unknown_field_type', file: 'unknown_field_type/types.ts', message: 'union type string | number is not supported', at: 'pair?:' },
  {
    name: 'two_storage_versions',
    file: 'two_storage_versions/v1/types.ts',
    message: 'CRD for Widget.example.com has more than one storage version (v1, v2)',
    at: 'export interface Widget {',
  },
  {
    name: 'scopes_disagree',
    file: 'scopes_disagree/v2/types.ts',
    message: 'Widget v2 is Cluster-scoped but v1 is Namespaced-scoped: a CRD has one scope',
    at: '+kubebuilder:resource:scope=Cluster',
  },
  {
    name: 'no_storage_version',
    file: 'no_storage_version/v1/types.ts',
    message: 'CRD for Widget.example.com has no storage version',
    at: 'export interface Widget {',
  },
];

describe('CRD generation errors', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.message}`, () => {
      const file = path.join(errorsDir, c.file);
      const errors = errorsOf(c.name);
      const hit = errors.find((d) => d.message.includes(c.message));
      expect(hit, `no error containing ${JSON.stringify(c.message)}; got:\n${errors.map((d) => `${d.file}:${d.line}: ${d.message}`).join('\n')}`).toBeDefined();
      expect(hit!.file).toBe(file);
      expect(hit!.line).toBe(lineOf(file, c.at));
      expect(hit!.column).toBeGreaterThan(0);
      // One problem, one error: no follow-on errors at the same place.
      expect(errors.filter((d) => d.file === hit!.file && d.line === hit!.line)).toHaveLength(1);
    });
  }
});

describe('where a CRD validation error is reported', () => {
  it('a rule refused in one version points at that version’s marker, not at the same rule text in another package', () => {
    const group = "// +groupName=test.example.com\nexport const GroupVersion = { group: 'test.example.com', version: 'VERSION' };\n";
    const types = (sizeType: string, storage: string) => `import type { int32, ObjectMeta } from 'kubescaffolder/runtime';
// +kubebuilder:validation:XValidation:rule="self.size >= 0"
export interface WidgetSpec {
  size?: ${sizeType};
}
${storage}
// +kubebuilder:object:root=true
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
`;
    const { errors } = generateFrom({
      'api/v1/groupversion_info.ts': group.replace('VERSION', 'v1'),
      'api/v1/types.ts': types('int32', '// +kubebuilder:storageversion'),
      'api/v2/groupversion_info.ts': group.replace('VERSION', 'v2'),
      'api/v2/types.ts': types('string', ''),
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^api\/v2\/types\.ts:2: .*spec\.versions\[1\]\..*found no matching overload for '_>=_' applied to '\(string, int\)'/);
  });
});

describe('a kind declared twice', () => {
  it('in one package is reported at the second declaration, naming the first; not as a missing storage version', () => {
    const kindFile = "import type { ObjectMeta } from 'kubescaffolder/runtime';\n\n// +kubebuilder:object:root=true\nexport interface Widget {\n  metadata?: ObjectMeta;\n  spec?: { size?: string };\n}\n";
    const { errors } = generateFrom({
      'api/v1/groupversion_info.ts': "// +groupName=test.example.com\nexport const GroupVersion = { group: 'test.example.com', version: 'v1' };\n",
      'api/v1/a_types.ts': kindFile,
      'api/v1/b_types.ts': kindFile,
    });
    expect(errors).toEqual([
      'api/v1/b_types.ts:4: kind Widget is declared twice in test.example.com/v1: a kind is declared once per version (the other declaration is at a_types.ts:4)',
    ]);
  });
});
