import { describe, expect, it } from 'vitest';
import { predicate } from '../../../src/runtime/index.js';

const obj = (generation: number, labels: Record<string, string> = {}, annotations: Record<string, string> = {}, resourceVersion = '1') => ({
  metadata: { name: 'x', namespace: 'ns', generation, labels, annotations, resourceVersion },
});

describe('predicates', () => {
  it('generationChanged passes spec changes only, and every create and delete', () => {
    const p = predicate.generationChanged();
    expect(p.update!(obj(1), obj(2))).toBe(true);
    expect(p.update!(obj(1), obj(1, { a: 'b' }))).toBe(false);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only its absence is checked
    expect(p.create).toBeUndefined(); // missing methods let events through
  });

  it('labelsChanged and annotationsChanged compare the maps, not their identity', () => {
    expect(predicate.labelsChanged().update!(obj(1, { a: '1' }), obj(1, { a: '1' }))).toBe(false);
    expect(predicate.labelsChanged().update!(obj(1, { a: '1' }), obj(1, { a: '2' }))).toBe(true);
    expect(predicate.labelsChanged().update!(obj(1, { a: '1' }), obj(1, {}))).toBe(true);
    expect(predicate.annotationsChanged().update!(obj(1, {}, { x: 'y' }), obj(1, {}, { x: 'y' }))).toBe(false);
    expect(predicate.annotationsChanged().update!(obj(1, {}, {}), obj(1, {}, { x: 'y' }))).toBe(true);
  });

  it('resourceVersionChanged drops resync updates', () => {
    const a = obj(1, {}, {}, '5');
    expect(predicate.resourceVersionChanged().update!(a, a)).toBe(false);
    expect(predicate.resourceVersionChanged().update!(a, obj(1, {}, {}, '6'))).toBe(true);
  });

  it('combines with and, or and not, treating a missing method as true', () => {
    const gen = predicate.generationChanged();
    const labels = predicate.labelsChanged();
    const either = predicate.or(gen, labels);
    const both = predicate.and(gen, labels);
    const labelOnly = [obj(1, { a: '1' }), obj(1, { a: '2' })] as const;
    expect(either.update!(...labelOnly)).toBe(true);
    expect(both.update!(...labelOnly)).toBe(false);
    expect(both.create!(obj(1))).toBe(true);
    expect(predicate.not(gen).update!(...labelOnly)).toBe(true);
    expect(predicate.not(gen).create!(obj(1))).toBe(false);
  });

  it('filters by labels and namespace on every event type', () => {
    const p = predicate.hasLabels({ app: 'web' });
    expect(p.create!(obj(1, { app: 'web' }))).toBe(true);
    expect(p.delete!(obj(1, { app: 'db' }))).toBe(false);
    expect(predicate.inNamespace('other').generic!(obj(1))).toBe(false);
  });
});
