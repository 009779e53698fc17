import { describe, expect, it } from 'vitest';
import { labelKeyPattern, labelValuePattern, qualifiedNamePattern } from '../../src/kube/dns-names.js';

describe('qualified names and label values (apimachinery validation)', () => {
  it('accepts a name part of letters, digits, - _ . that starts and ends alphanumeric', () => {
    for (const ok of ['a', 'MyName', 'my.name', '123-abc', 'a_b']) expect([ok, qualifiedNamePattern.test(ok)]).toEqual([ok, true]);
    for (const bad of ['', '-a', 'a-', '.a', 'a/b', 'a b']) expect([bad, qualifiedNamePattern.test(bad)]).toEqual([bad, false]);
  });

  it('takes a label key with an optional lowercase DNS subdomain prefix', () => {
    for (const ok of ['app', 'app.kubernetes.io/name', 'example.com/MyKey']) expect([ok, labelKeyPattern.test(ok)]).toEqual([ok, true]);
    for (const bad of ['Example.com/key', '/key', 'a/b/c', 'example.com/']) expect([bad, labelKeyPattern.test(bad)]).toEqual([bad, false]);
  });

  it('takes an empty label value or a name part', () => {
    for (const ok of ['', 'web', 'v1.2_3']) expect([ok, labelValuePattern.test(ok)]).toEqual([ok, true]);
    for (const bad of ['-web', 'web-', 'a/b']) expect([bad, labelValuePattern.test(bad)]).toEqual([bad, false]);
  });
});
