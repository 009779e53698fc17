/**
 * Go's time.Parse for metav1.Time (RFC 3339) and metav1.MicroTime (RFC3339Micro), with the texts
 * kube-apiserver answers a bad timestamp with (400 `cannot be handled as a ...: parsing time ...`),
 * and the UTC forms it serves.
 */
import { describe, expect, it } from 'vitest';
import { formatGoTime, parseGoTime, type GoTimeLayout } from '../../src/kube/go-time.js';

const served = (layout: GoTimeLayout, value: string) => {
  const t = parseGoTime(layout, value);
  return 'error' in t ? t.error : formatGoTime(layout, t);
};

describe('metav1.Time', () => {
  it('reads a fraction and an offset, and is served in UTC to the second', () => {
    expect(served('RFC3339', '2024-01-02T03:04:05.987654321+02:00')).toBe('2024-01-02T01:04:05Z');
  });

  it('names the element that does not parse, and ranges', () => {
    expect(served('RFC3339', 'Fri Nov 27 2026')).toBe('parsing time "Fri Nov 27 2026" as "2006-01-02T15:04:05Z07:00": cannot parse "Fri Nov 27 2026" as "2006"');
    expect(served('RFC3339', '2024/01/02T03:04:05Z')).toBe('parsing time "2024/01/02T03:04:05Z" as "2006-01-02T15:04:05Z07:00": cannot parse "/01/02T03:04:05Z" as "-"');
    expect(served('RFC3339', '2024-13-02T03:04:05Z')).toBe('parsing time "2024-13-02T03:04:05Z": month out of range');
    expect(served('RFC3339', '2024-02-30T03:04:05Z')).toBe('parsing time "2024-02-30T03:04:05Z": day out of range');
    expect(served('RFC3339', '2024-01-02T03:04:05Zx')).toBe('parsing time "2024-01-02T03:04:05Zx": extra text: "x"');
    expect(served('RFC3339', 'ä')).toBe('parsing time "\\xc3\\xa4" as "2006-01-02T15:04:05Z07:00": cannot parse "\\xc3\\xa4" as "2006"');
  });
});

describe('metav1.MicroTime', () => {
  it('needs exactly six fraction digits, and is served with six in UTC', () => {
    expect(served('RFC3339Micro', '2024-01-02T03:04:05.123456-01:30')).toBe('2024-01-02T04:34:05.123456Z');
    expect(served('RFC3339Micro', '2024-01-02T03:04:05Z')).toBe('parsing time "2024-01-02T03:04:05Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"');
    expect(served('RFC3339Micro', '2024-01-02T03:04:05.123456789Z')).toBe('parsing time "2024-01-02T03:04:05.123456789Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "789Z" as "Z07:00"');
  });
});
