import { describe, expect, it } from 'vitest';
import { compareQuantities, formatQuantity, parseQuantity } from '../../src/kube/quantity.js';

const q = (text: string) => {
  const parsed = parseQuantity(text);
  if (!parsed) throw new Error(`not a quantity: ${text}`);
  return parsed;
};

describe('resource quantities', () => {
  it('compare by value across suffixes, as Quantity.Cmp', () => {
    expect(compareQuantities(q('1Gi'), q('1024Mi'))).toBe(0);
    expect(compareQuantities(q('500m'), q('0.5'))).toBe(0);
    expect(compareQuantities(q('1e3'), q('1k'))).toBe(0);
    expect(compareQuantities(q('1001m'), q('1'))).toBe(1);
    expect(compareQuantities(q('953Mi'), q('1G'))).toBe(-1);
    expect(compareQuantities(q('-1'), q('0'))).toBe(-1);
  });

  it('print as Quantity.String: the largest suffix of the format that keeps an integer', () => {
    const cases: [string, string][] = [
      ['1024Mi', '1Gi'], ['1.5Gi', '1536Mi'], ['0.5Ki', '512'], ['0.5', '500m'], ['1000m', '1'], ['1500', '1500'],
      ['2000', '2k'], ['1.5k', '1500'], ['12e2', '1200'], ['1e3', '1e3'], ['0.1m', '100u'], ['0', '0'], ['-2000m', '-2'],
    ];
    expect(cases.map(([text]) => [text, formatQuantity(q(text))])).toEqual(cases);
  });

  it('round precision finer than nano units up, and refuse what is no quantity', () => {
    expect(formatQuantity(q('0.0000000001'))).toBe('1n');
    expect(parseQuantity('1Gb')).toBeUndefined();
    expect(parseQuantity('.')).toBeUndefined();
    expect(parseQuantity('')).toBeUndefined();
  });
});
