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

describe('nearestMarkerName', () => {
  const names = [
    'kubebuilder:default',
    'kubebuilder:example',
    'kubebuilder:printcolumn',
    'kubebuilder:validation:MaxItems',
    'kubebuilder:validation:MaxLength',
    'kubebuilder:validation:MinLength',
    'kubebuilder:validation:items:MaxLength',
    'kubebuilder:webhook',
    'kubebuilder:webhookconfiguration',
  ];

  it('corrects typos in the last segment', () => {
    expect(nearestMarkerName('kubebuilder:validation:MaxLenght=10', names)).toBe('kubebuilder:validation:MaxLength');
    expect(nearestMarkerName('kubebuilder:validation:maxlength=10', names)).toBe('kubebuilder:validation:MaxLength');
    expect(nearestMarkerName('kubebuilder:printcolum', names)).toBe('kubebuilder:printcolumn');
    expect(nearestMarkerName('kubebuilder:printcolum:name=Age,type=date,JSONPath=.metadata.creationTimestamp', names)).toBe('kubebuilder:printcolumn');
  });

  it('corrects typos in a middle segment followed by arguments', () => {
    expect(nearestMarkerName('kubebuilder:webhok:path=/x,mutating=true,failurePolicy=fail', names)).toBe('kubebuilder:webhook');
    expect(nearestMarkerName('kubebuilder:webhok', names)).toBe('kubebuilder:webhook');
  });

  it('prefers the name sharing the most leading segments over a closer spelling', () => {
    // a misplaced webhook marker: not `+kubebuilder:default`, which is as few edits away
    expect(nearestMarkerName('kubebuilder:webhook:mutating:path=/x', names)).toBe('kubebuilder:webhook');
    expect(nearestMarkerName('kubebuilder:webhook:path:/x', names)).toBe('kubebuilder:webhook');
    expect(nearestMarkerName('kubebuilder:validation:items:MaxLenght=3', names)).toBe('kubebuilder:validation:items:MaxLength');
  });

  it('does not offer a different word in place of a segment', () => {
    const withoutWebhook = names.filter((n) => !n.startsWith('kubebuilder:webhook'));
    expect(nearestMarkerName('kubebuilder:webhook:path=/x', withoutWebhook)).toBeUndefined();
    expect(nearestMarkerName('kubebuilder:webhooks:path=/x', withoutWebhook)).toBeUndefined();
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

  // @bufbuild/cel's parser is recursive: past cel-go's limits it ran out of stack, and the error quoted the whole rule.
  it.each([
    ['1,000 nested parentheses', `${'('.repeat(1000)}self${')'.repeat(1000)} > 0`, 'expression recursion limit exceeded: 250', { line: 1, column: 250 }],
    ['a 150,000-character string literal', `self == '${'x'.repeat(150_000)}'`, 'expression code point size exceeds limit: size: 150010, limit 100000', { line: 1, column: 1 }],
    ['a chain of 3,000 conditionals', `${'self > 0 ? true : '.repeat(3000)}true`, 'expression recursion limit exceeded: 250', { line: 1, column: 1 }],
  ])('%s: cel-go\'s limit, located, the rule quoted short', (_, rule, message, at) => {
    expect(celSyntaxProblem(rule)).toEqual({ message, ...at });
    const d = checkCelRule({
      name: 'kubebuilder:validation:XValidation',
      value: { rule },
      target: 'field',
      location: { file: '/x.ts', line: 3, column: 6 },
      text: `+kubebuilder:validation:XValidation:rule="${rule}"`,
    });
    expect(d).toMatchObject({ severity: 'error', file: '/x.ts', line: 3 });
    expect(d!.message).toContain(`in +kubebuilder:validation:XValidation: ${message}`);
    expect(d!.message).toContain(`invalid CEL rule ${JSON.stringify(`${rule.slice(0, 80)}…`)} in`);
    expect(d!.message.length).toBeLessThan(300);
  });

  it('takes a rule just inside the limits', () => {
    expect(celSyntaxProblem(`${'('.repeat(248)}self${')'.repeat(248)} > 0`)).toBeUndefined();
    expect(celSyntaxProblem(`self == '${'x'.repeat(99_990)}'`)).toBeUndefined();
    expect(celSyntaxProblem(`has(self${'.a'.repeat(248)})`)).toBeUndefined();
  });
});
