import { Project, type SourceFile, SyntaxKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { MarkerRegistry, collectMarkers, extractDescription, defineCommonMarkers } from '../../src/markers/index.js';

function registry(): MarkerRegistry {
  const r = new MarkerRegistry();
  r.define({ name: 'groupName', target: 'package', value: { type: 'string' } });
  r.defineFor(['package', 'field'], { name: 'kubebuilder:validation:Optional' });
  r.define({ name: 'kubebuilder:object:root', target: 'type', value: { type: 'bool' } });
  r.define({ name: 'kubebuilder:subresource:status', target: 'type' });
  r.define({ name: 'kubebuilder:validation:MaxLength', target: 'field', value: { type: 'int' } });
  r.define({ name: 'kubebuilder:validation:Maximum', target: 'field', value: { type: 'number' } });
  r.define({ name: 'kubebuilder:default', target: 'field', value: { type: 'any' } });
  r.define({ name: 'optional', target: 'field' });
  r.define({
    name: 'kubebuilder:rbac',
    target: 'package',
    args: { groups: { type: { slice: 'string' }, optional: true }, resources: { type: { slice: 'string' }, optional: true }, verbs: { type: { slice: 'string' } } },
  });
  defineCommonMarkers(r);
  return r;
}

function project(files: Record<string, string>): SourceFile[] {
  const p = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
  return Object.entries(files).map(([name, text]) => p.createSourceFile(name, text));
}

const TYPES = `// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

/** Foo is the Schema for the foos API. */
export interface Foo {
  // +optional
  // +kubebuilder:validation:MaxLength=10
  name?: string;

  /**
   * Replicas is how many.
   * TODO: remove this line
   */
  // +kubebuilder:validation:Maximum=5
  replicas: number; // +kubebuilder:validation:MaxLength=3

  /* +kubebuilder:validation:MaxLength=4 */
  blockCommented?: string;

  //+kubebuilder:default:=100Mi
  nested?: {
    // +kubebuilder:validation:Maximum=1.5
    inner: number;
  };
}
`;

describe('collectMarkers', () => {
  it('attaches marker blocks and doc-group markers to types and fields', () => {
    const [sf] = project({ '/p/api/v1/foo_types.ts': TYPES });
    const markers = collectMarkers([sf], registry());
    const foo = sf.getInterfaceOrThrow('Foo');
    expect(markers.forNode(foo).get('kubebuilder:object:root')?.value).toBe(true);
    expect(markers.forNode(foo).has('kubebuilder:subresource:status')).toBe(true);

    const name = foo.getPropertyOrThrow('name');
    expect(markers.forNode(name).names()).toEqual(['optional', 'kubebuilder:validation:MaxLength']);
    expect(markers.forNode(name).get('kubebuilder:validation:MaxLength')).toMatchObject({
      value: 10,
      location: { file: '/p/api/v1/foo_types.ts', line: 7, column: 6 },
    });

    // the end-of-line comment after `replicas` belongs to nobody; the block comment is not a marker
    expect(markers.forNode(foo.getPropertyOrThrow('replicas')).all().map((m) => m.value)).toEqual([5]);
    expect(markers.forNode(foo.getPropertyOrThrow('blockCommented')).size).toBe(0);

    const nested = foo.getPropertyOrThrow('nested');
    expect(markers.forNode(nested).get('kubebuilder:default')).toMatchObject({ value: '100Mi', location: { line: 20, column: 5 } });
    const inner = nested.getDescendantsOfKind(SyntaxKind.PropertySignature)[0];
    expect(inner?.getText()).toContain('inner');
    expect(markers.forNode(inner).get('kubebuilder:validation:Maximum')?.value).toBe(1.5);
    expect(markers.diagnostics).toEqual([]);
  });

  it('collects package markers from groupversion_info.ts and from statements that are not types', () => {
    const [gv, ctrl] = project({
      '/p/api/v1/groupversion_info.ts': `// Package v1 contains API Schema definitions.
// +kubebuilder:object:generate=true
// +groupName=batch.my.domain
import type { GroupVersion as GV } from 'kubescaffolder/runtime';

export const GroupVersion: GV = { group: 'batch.my.domain', version: 'v1' };
// +kubebuilder:validation:Optional
`,
      '/p/src/controllers/foo_controller.ts': `import x from 'y';

// +kubebuilder:rbac:groups=batch.my.domain,resources=foos,verbs=get;list
// +kubebuilder:rbac:groups=batch.my.domain,resources=foos/status,verbs=get

/** FooReconciler reconciles. */
export class FooReconciler {
  run(): void {
    // +kubebuilder:rbac:groups=ignored,resources=inside,verbs=get
  }
}
`,
    });
    const markers = collectMarkers([gv, ctrl], registry());
    const pkg = markers.forPackage('/p/api/v1');
    expect(pkg.get('groupName')?.value).toBe('batch.my.domain');
    expect(pkg.has('kubebuilder:validation:Optional')).toBe(true);
    const rbac = markers.forPackage('/p/src/controllers').getAll('kubebuilder:rbac');
    expect(rbac.map((m) => m.value)).toEqual([
      { groups: ['batch.my.domain'], resources: ['foos'], verbs: ['get', 'list'] },
      { groups: ['batch.my.domain'], resources: ['foos/status'], verbs: ['get'] },
    ]);
    expect(rbac[1].location.line).toBe(4);
    expect(markers.packages()).toEqual(['/p/api/v1', '/p/src/controllers']);
  });

  it('moves package markers written right above a class to the package', () => {
    const [sf] = project({
      '/p/src/a.ts': `// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
export class A {}
`,
    });
    const markers = collectMarkers([sf], registry());
    expect(markers.forPackage('/p/src').getAll('kubebuilder:rbac')).toHaveLength(1);
    expect(markers.forNode(sf.getClassOrThrow('A')).size).toBe(0);
  });

  it('reports unknown markers with the nearest known name, as warnings (manifests --strict makes them errors)', () => {
    const text = `export interface Foo {
  // +kubebuilder:validation:MaxLenght=10
  // +kubebuilder:scaffold:fields
  // +somethingElse:entirely
  name?: string;
}
`;
    const [sf] = project({ '/p/api/v1/foo.ts': text });
    const warnings = collectMarkers([sf], registry()).diagnostics;
    expect(warnings).toEqual([
      {
        severity: 'warning',
        message: 'unknown marker +kubebuilder:validation:MaxLenght: did you mean +kubebuilder:validation:MaxLength?',
        file: '/p/api/v1/foo.ts',
        line: 2,
        column: 6,
      },
    ]);
  });

  it('reports a malformed argument as an error at the offending column', () => {
    const [sf] = project({ '/p/api/v1/foo.ts': `export interface Foo {\n  //   +kubebuilder:validation:Maximum=abc\n  n: number;\n}\n` });
    const [d] = collectMarkers([sf], registry()).diagnostics;
    expect(d).toEqual({
      severity: 'error',
      message: 'invalid marker +kubebuilder:validation:Maximum: expected integer or float, got "abc"',
      file: '/p/api/v1/foo.ts',
      line: 2,
      column: 8 + '+kubebuilder:validation:Maximum='.length,
    });
  });

  it('warns about a known marker on the wrong target', () => {
    const [sf] = project({ '/p/api/v1/foo.ts': `export interface Foo {\n  // +kubebuilder:subresource:status\n  n: number;\n}\n` });
    const [d] = collectMarkers([sf], registry()).diagnostics;
    expect(d?.severity).toBe('warning');
    expect(d?.message).toMatch(/does not apply to a field \(it applies to: type\)/);
  });

  it('re-collects one file in place', () => {
    const p = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true });
    const sf = p.createSourceFile('/p/api/v1/groupversion_info.ts', '// +groupName=a.io\nexport {};\n');
    const markers = collectMarkers([sf], registry());
    expect(markers.forPackage('/p/api/v1').get('groupName')?.value).toBe('a.io');
    sf.replaceWithText('// +groupName=b.io\nexport {};\n');
    markers.update(sf);
    expect(markers.forPackage('/p/api/v1').getAll('groupName').map((m) => m.value)).toEqual(['b.io']);
    markers.remove(sf.getFilePath());
    expect(markers.forPackage('/p/api/v1').size).toBe(0);
  });
});

describe('extractDescription', () => {
  it('takes the doc group without markers, TODO lines or text after ---', () => {
    const [sf] = project({
      '/p/a.ts': `// +kubebuilder:object:root=true

// Foo is a thing.
// +kubebuilder:subresource:status
//
// It has two paragraphs.
// TODO: not this
//   indented stays
// ---
// hidden
export interface Foo {
  /**
   * Bar is a field.
   *
   * With a second paragraph.
   */
  bar: string;
  /** One line. */
  baz: string;
  qux: string;
}
`,
    });
    const foo = sf.getInterfaceOrThrow('Foo');
    expect(extractDescription(foo)).toBe('Foo is a thing.\n\nIt has two paragraphs.\n  indented stays');
    expect(extractDescription(foo.getPropertyOrThrow('bar'))).toBe('Bar is a field.\n\nWith a second paragraph.');
    expect(extractDescription(foo.getPropertyOrThrow('baz'))).toBe('One line.');
    expect(extractDescription(foo.getPropertyOrThrow('qux'))).toBe('');
  });
});

describe('attachment rules', () => {
  it('takes only the doc group and the group just above it; earlier top-level groups are package markers', () => {
    const [sf] = project({
      '/p/api/v1/a.ts': `// +groupName=a.io

// +kubebuilder:subresource:status

// +kubebuilder:object:root=true

// A is documented.
export interface A {
  // +kubebuilder:validation:MaxLength=1

  // +kubebuilder:validation:Maximum=2

  // +optional
  x?: number;
}
`,
    });
    const markers = collectMarkers([sf], registry());
    const a = sf.getInterfaceOrThrow('A');
    // subresource:status is two groups above the doc group: controller-gen does not give it to the type
    expect(markers.forNode(a).names()).toEqual(['kubebuilder:object:root']);
    expect(markers.forPackage('/p/api/v1').names()).toEqual(['groupName']);
    // inside a type, groups further up are dropped
    expect(markers.forNode(a.getPropertyOrThrow('x')).names()).toEqual(['kubebuilder:validation:Maximum', 'optional']);
    // the dropped type marker was not reported: it is known, it just sits where controller-gen ignores it
    expect(markers.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/kubebuilder:subresource:status does not apply to a package/)]);
  });

  it('attaches markers to type aliases, enums and class properties', () => {
    const [sf] = project({
      '/p/api/v1/b.ts': `// +kubebuilder:object:root=true
export type B = { y: string };

enum E {
  // +optional
  One = 'one',
}

export class C {
  // +kubebuilder:validation:MaxLength=3
  z = '';
}
`,
    });
    const markers = collectMarkers([sf], registry());
    expect(markers.forNode(sf.getTypeAliasOrThrow('B')).has('kubebuilder:object:root')).toBe(true);
    expect(markers.forNode(sf.getEnumOrThrow('E').getMemberOrThrow('One')).has('optional')).toBe(true);
    expect(markers.forNode(sf.getClassOrThrow('C').getPropertyOrThrow('z')).get('kubebuilder:validation:MaxLength')?.value).toBe(3);
  });
});

describe('descriptions and code blocks', () => {
  it('leaves lint and TypeScript directives out of descriptions', () => {
    const [sf] = project({ '/p/d.ts': 'export interface D {\n  // Count of things.\n  // eslint-disable-next-line @typescript-eslint/no-explicit-any\n  // @ts-expect-error legacy\n  n: any;\n}\n' });
    expect(extractDescription(sf.getInterfaceOrThrow('D').getPropertyOrThrow('n'))).toBe('Count of things.');
  });

  it('keeps TODO and --- lines inside fenced code blocks', () => {
    const [sf] = project({ '/p/c.ts': '/**\n * Example:\n * ```\n * TODO: kept\n * ---\n * ```\n * After.\n */\nexport interface C {}\n' });
    expect(extractDescription(sf.getInterfaceOrThrow('C'))).toBe('Example:\n```\nTODO: kept\n---\n```\nAfter.');
  });
});

describe('misspelt prefixes', () => {
  it('reports a marker whose kubebuilder prefix is misspelt', () => {
    const [sf] = project({ '/p/api/v1/d.ts': 'export interface D {\n  // +kubebuidler:validation:MaxLength=3\n  // +other:thing\n  n: string;\n}\n' });
    const diagnostics = collectMarkers([sf], registry()).diagnostics;
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].message).toBe('unknown marker +kubebuidler:validation:MaxLength: did you mean +kubebuilder:validation:MaxLength?');
  });
});
