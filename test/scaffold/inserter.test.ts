import { describe, expect, it } from 'vitest';
import { containsLines, insertAtMarker, MarkerNotFoundError, uncommentBlock } from '../../src/scaffold/machinery/inserter.js';
import { addNamedImports } from '../../src/scaffold/machinery/ts-imports.js';

const main = `import { a } from 'a';
// +kubebuilder:scaffold:imports

function f() {
  run();
  // +kubebuilder:scaffold:builder
}
`;

describe('insertAtMarker', () => {
  it('inserts above the marker with its indentation', () => {
    const out = insertAtMarker(main, 'builder', ['await x();', 'if (y) {\n  z();\n}']);
    expect(out).toContain('  run();\n  await x();\n  if (y) {\n    z();\n  }\n  // +kubebuilder:scaffold:builder');
  });

  it('is idempotent: a fragment already present is not inserted twice', () => {
    const once = insertAtMarker(main, 'imports', ["import { b } from 'b';"]);
    const twice = insertAtMarker(once, 'imports', ["import { b } from 'b';", "import { a } from 'a';"]);
    expect(twice).toBe(once);
    expect(twice.match(/from 'b'/g)).toHaveLength(1);
  });

  it('keeps a blank line when the fragment ends with two newlines', () => {
    const out = insertAtMarker('x\n// +kubebuilder:scaffold:impl\n', 'impl', ['class A {}\n\n']);
    expect(out).toBe('x\nclass A {}\n\n// +kubebuilder:scaffold:impl\n');
  });

  it('reports a missing marker', () => {
    expect(() => insertAtMarker(main, 'scheme', ['x'])).toThrow(MarkerNotFoundError);
  });
});

describe('uncommentBlock', () => {
  const yaml = 'resources:\n#- ../crd\n- ../rbac\n#- path: p.yaml\n#  target:\n#    kind: Deployment\n';
  it('removes the comment prefix from a whole block, once', () => {
    const out = uncommentBlock(yaml, '- path: p.yaml\n  target:\n    kind: Deployment');
    expect(out).toBe('resources:\n#- ../crd\n- ../rbac\n- path: p.yaml\n  target:\n    kind: Deployment\n');
    expect(uncommentBlock(out, '- path: p.yaml\n  target:\n    kind: Deployment')).toBe(out);
    expect(containsLines(out, '- path: p.yaml')).toBe(true);
  });
  it('matches whole lines only', () => {
    expect(uncommentBlock('##- ../crd\n', '- ../crd')).toBe('##- ../crd\n');
    expect(uncommentBlock('#- ../crd2\n', '- ../crd')).toBe('#- ../crd2\n');
  });
});

describe('addNamedImports', () => {
  it('adds only the missing names to the existing import of the module', () => {
    const src = "import { type A, b } from 'm';\nimport { c } from 'n';\n";
    expect(addNamedImports(src, 'm', ['type B', 'type A', 'b'])).toBe("import { type A, b, type B } from 'm';\nimport { c } from 'n';\n");
    expect(addNamedImports(src, 'other', ['x'])).toBeUndefined();
  });
});
