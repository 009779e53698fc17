import { describe, expect, it } from 'vitest';
import { MarkerRegistry, celSyntaxProblem, checkCelRule, nearestMarkerName } from '../../src/markers/index.js';

describe('MarkerRegistry', () => {
  const r = new MarkerRegistry();
  r.define({ name: 'kubebuilder:validation:Maximum', target: 'field', value: { type: 'number' } });
  r.define({ name: 'kubebuilder:default', target: 'field', value: { type: 'any' } });
  r.define({ name: 'kubebuilder:printcolumn', target: 'type', args: { name: { type: 'string' } } });
  r.define({ name: 'kubebuilder:subresource:scale', target: 'type', args: { specpath: { type: 'string' } } });

  it('resolves anonymous names exactly and argument-bearing names without their last segment', () => {
    expect(r.lookup('+kubebuilder:validation:Maximum=10', 'field')?.name).toBe('kubebuilder:validation:Maximum');
    expect(r.lookup('+kubebuilder:default:=Allow', 'field')?.name).toBe('kubebuilder:default');
    expect(r.lookup('+kubebuilder:printcolumn:name=x', 'type')?.name).toBe('kubebuilder:printcolumn');
    expect(r.lookup('+kubebuilder:subresource:scale:specpath=.spec.replicas', 'type')?.name).toBe('kubebuilder:subresource:scale');
  });

  it('keeps targets apart', () => {
    expect(r.lookup('+kubebuilder:validation:Maximum=10', 'type')).toBeUndefined();
    expect(r.isKnown('+kubebuilder:validation:Maximum=10')).toBe(true);
  });

  it('accepts an identical redefinition and rejects a conflicting one', () => {
    expect(() => r.define({ name: 'kubebuilder:default', target: 'field', value: { type: 'any' } })).not.toThrow();
    expect(() => r.define({ name: 'kubebuilder:default', target: 'field', value: { type: 'string' } })).toThrow(/already defined/);
    expect(() => r.define({ name: 'x', target: 'field', value: { type: 'int' }, args: {} })).toThrow(/either one anonymous value or named arguments/);
  });

  it('suggests the nearest known name for a typo and nothing for unrelated text', () => {
    expect(nearestMarkerName('kubebuilder:validation:Maxmum=3', r.names())).toBe('kubebuilder:validation:Maximum');
    expect(nearestMarkerName('kubebuilder:printcolum:name=x', r.names())).toBe('kubebuilder:printcolumn');
    expect(nearestMarkerName('k8s:totally-different', r.names())).toBeUndefined();
  });
});

describe('CEL rules', () => {
  it('accepts valid rules', () => {
    expect(celSyntaxProblem('self.minReplicas <= self.replicas')).toBeUndefined();
    expect(celSyntaxProblem("self.all(x, x.startsWith('a'))")).toBeUndefined();
  });

  it('reports a syntax error with its position in the rule and the marker', () => {
    const problem = celSyntaxProblem('self.a == && b');
    expect(problem).toMatchObject({ line: 1 });
    expect(problem!.column).toBeGreaterThan(1);
    const text = 'kubebuilder:validation:XValidation:rule="self.a == && b",message="m"';
    const d = checkCelRule({
      name: 'kubebuilder:validation:XValidation',
      value: { rule: 'self.a == && b', message: 'm' },
      target: 'field',
      location: { file: '/x.ts', line: 3, column: 6 },
      text,
    });
    expect(d).toMatchObject({ severity: 'error', file: '/x.ts', line: 3 });
    expect(d!.message).toMatch(/invalid CEL rule "self.a == && b"/);
    // the column points into the rule text on the marker's line
    expect(d!.column).toBe(6 + 1 + text.indexOf('"self') + problem!.column);
  });
});
