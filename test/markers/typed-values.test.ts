import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ArgSpec, collectMarkers, firstMarkerOf, MarkerRegistry, type MarkerDefinition, type MarkerValue, type MarkerValueOf, markersOf } from '../../src/markers/index.js';
import { Project } from 'ts-morph';
import { GROUP_NAME, OBJECT_ROOT } from '../../src/generators/crd/markers/definitions.js';
import { RBAC_DEFINITION } from '../../src/generators/rbac/markers.js';
import { WEBHOOK_CONFIGURATION_DEFINITION } from '../../src/generators/webhook/markers.js';

const printcolumn = {
  name: 'kubebuilder:printcolumn',
  target: 'type',
  args: { name: { type: 'string' }, priority: { type: 'int', optional: true }, tags: { type: { slice: 'string' }, optional: true }, labels: { type: { map: 'int' } } },
} as const satisfies MarkerDefinition;
const maximum = { name: 'kubebuilder:validation:Maximum', target: 'field', value: { type: 'number' } } as const satisfies MarkerDefinition;
const root = { name: 'kubebuilder:object:root', target: 'type', value: { type: 'bool', optional: true } } as const satisfies MarkerDefinition;
const status = { name: 'kubebuilder:subresource:status', target: 'type' } as const satisfies MarkerDefinition;
const enumValues = { name: 'kubebuilder:validation:Enum', targets: ['field', 'type'], value: { type: { slice: 'any' } } } as const;
const defaultValue = { name: 'default', target: 'field', value: { type: 'raw' } } as const satisfies MarkerDefinition;

describe('marker value types from definitions', () => {
  it('are what the definition says', () => {
    expectTypeOf<MarkerValueOf<typeof printcolumn>>().toEqualTypeOf<{ name: string; labels: { [key: string]: number }; priority?: number; tags?: string[] }>();
    expectTypeOf<MarkerValueOf<typeof maximum>>().toEqualTypeOf<number>();
    expectTypeOf<MarkerValueOf<typeof root>>().toEqualTypeOf<boolean>();
    expectTypeOf<MarkerValueOf<typeof status>>().toEqualTypeOf<true>();
    expectTypeOf<MarkerValueOf<{ name: 'x'; args: Readonly<Record<never, ArgSpec>> }>>().toEqualTypeOf<true>();
    expectTypeOf<MarkerValueOf<typeof enumValues>>().toEqualTypeOf<MarkerValue[]>();
    expectTypeOf<MarkerValueOf<typeof defaultValue>>().toEqualTypeOf<string>();
    expectTypeOf<MarkerValueOf<{ name: 'x'; value: { type: 'string'; optional: true } }>>().toEqualTypeOf<string | true>();
  });

  it('are what the generators\' definitions say', () => {
    expectTypeOf<MarkerValueOf<typeof RBAC_DEFINITION>>().toEqualTypeOf<{
      verbs: string[];
      groups?: string[];
      resources?: string[];
      resourceNames?: string[];
      urls?: string[];
      namespace?: string;
      roleName?: string;
    }>();
    expectTypeOf<MarkerValueOf<typeof WEBHOOK_CONFIGURATION_DEFINITION>>().toEqualTypeOf<{ mutating: boolean; name?: string }>();
    expectTypeOf<MarkerValueOf<typeof GROUP_NAME>>().toEqualTypeOf<string>();
    expectTypeOf<MarkerValueOf<typeof OBJECT_ROOT>>().toEqualTypeOf<boolean>();
  });

  it('are the values the parser gives, read by definition and target', () => {
    const registry = new MarkerRegistry();
    for (const def of [printcolumn, maximum, root, status, defaultValue]) registry.define(def);
    registry.defineFor(enumValues.targets, enumValues);
    const project = new Project({ useInMemoryFileSystem: true });
    const file = project.createSourceFile(
      '/api/v1/thing.ts',
      [
        '// +kubebuilder:object:root=true',
        '// +kubebuilder:subresource:status',
        '// +kubebuilder:printcolumn:name="Age",priority=1,labels={a: 1}',
        '// +kubebuilder:validation:Enum=a;b',
        'export interface Thing {',
        '  // +kubebuilder:validation:Maximum=2.5',
        '  // +kubebuilder:validation:Enum={1,"x"}',
        '  size: number;',
        '}',
      ].join('\n'),
    );
    const markers = collectMarkers([file], registry);
    const decl = file.getInterfaceOrThrow('Thing');
    const typeMarkers = markers.forNode(decl).all();
    const fieldMarkers = markers.forNode(decl.getPropertyOrThrow('size')).all();

    const column = firstMarkerOf(printcolumn, typeMarkers)?.value;
    expectTypeOf(column).toEqualTypeOf<MarkerValueOf<typeof printcolumn> | undefined>();
    expect({ ...column }).toEqual({ name: 'Age', priority: 1, labels: { a: 1 } });
    expect(firstMarkerOf(root, typeMarkers)?.value).toBe(true);
    expect(firstMarkerOf(status, typeMarkers)?.value).toBe(true);
    expect(firstMarkerOf(maximum, fieldMarkers)?.value).toBe(2.5);
    // one definition on two targets: each node's own
    expect(markersOf(enumValues, typeMarkers).map((m) => m.value)).toEqual([['a', 'b']]);
    expect(markersOf(enumValues, fieldMarkers).map((m) => m.value)).toEqual([[1, 'x']]);
    // a definition of another target finds nothing, though the name matches
    expect(markersOf({ ...maximum, target: 'type' }, fieldMarkers)).toEqual([]);
    expect(markers.values(maximum).map((m) => m.value)).toEqual([2.5]);
  });
});
