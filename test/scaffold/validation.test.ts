import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/project/usage-error.js';
import {
  isJavaScriptGlobal, validateDomain, validateGroup, validateKind, validatePlural, validateProjectName, validateVersion,
} from '../../src/project/validation.js';

function errorOf(fn: () => void): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  return '';
}

describe('name validation', () => {
  it.each(['my.domain', 'example.com', 'a', 'tutorial.kubebuilder.io', 'x-1.y'])('accepts domain %s', (d) => {
    expect(errorOf(() => validateDomain(d))).toBe('');
  });
  it.each(['My.Domain', '-a.com', 'a_b.com', 'a.', ''])('rejects domain "%s" naming the rule', (d) => {
    expect(errorOf(() => validateDomain(d))).toMatch(new RegExp(`invalid domain "${d.replace(/\./g, '\\.')}": must be a DNS-1123 subdomain`));
  });

  it.each(['guestbook', 'project-v4', 'a1'])('accepts project name %s', (n) => {
    expect(errorOf(() => validateProjectName(n))).toBe('');
  });
  it.each(['Guestbook', 'my_project', 'my.project', 'a'.repeat(64), '-x'])('rejects project name "%s"', (n) => {
    expect(errorOf(() => validateProjectName(n))).toMatch(/invalid project name .*DNS-1123 label/);
  });

  it.each(['', 'batch', 'crew', 'cert-manager', 'sub.group'])('accepts group "%s"', (g) => {
    expect(errorOf(() => validateGroup(g))).toBe('');
  });
  it.each(['Batch', 'my_group', '-x'])('rejects group "%s"', (g) => {
    expect(errorOf(() => validateGroup(g))).toMatch(/invalid group .*DNS-1123 subdomain/);
  });

  it.each(['v1', 'v2', 'v1alpha1', 'v2beta3', 'v10'])('accepts version %s', (v) => {
    expect(errorOf(() => validateVersion(v))).toBe('');
  });
  it.each(['1', 'V1', 'v1alpha', 'v1gamma1', 'v1.0', 'version1', 'v'])('rejects version "%s" naming the pattern', (v) => {
    expect(errorOf(() => validateVersion(v))).toContain(`invalid version "${v}": must match ^v\\d+(?:(alpha|beta)\\d+)?$`);
  });

  it.each(['CronJob', 'Pod', 'A1', 'FirstMate'])('accepts kind %s', (k) => {
    expect(errorOf(() => validateKind(k))).toBe('');
  });
  // Host globals newer Node lines add (Navigator, Node 21) are no JavaScript globals a kind must avoid:
  // kubebuilder's testdata has a kind Navigator, and a PROJECT valid under Node 20 stays valid under 24.
  it.each(['Navigator', 'Performance', 'Crypto', 'Storage'])('accepts kind %s, a host global only some Node lines have', (k) => {
    expect(errorOf(() => validateKind(k))).toBe('');
  });
  it.each(['cronJob', 'Cron_Job', 'Cron-Job', '1Job', ''])('rejects kind "%s" as not PascalCase', (k) => {
    expect(errorOf(() => validateKind(k))).toContain(`invalid kind "${k}": must be PascalCase`);
  });

  it.each(['cronjobs', 'admirales', 'x-y'])('accepts plural %s', (p) => {
    expect(errorOf(() => validatePlural(p))).toBe('');
  });
  it.each(['CronJobs', 'cron_jobs', '1jobs', 'jobs-'])('rejects plural "%s"', (p) => {
    expect(errorOf(() => validatePlural(p))).toContain(`invalid plural "${p}"`);
  });
});

describe('JavaScript globals a kind must not shadow', () => {
  it('knows the language globals of every Node line, and the host globals generated code uses', () => {
    for (const name of ['Object', 'Map', 'Promise', 'Proxy', 'Intl', 'WeakRef', 'Buffer', 'URL', 'Headers', 'TextEncoder']) {
      expect(isJavaScriptGlobal(name), name).toBe(true);
    }
  });

  it('leaves other names alone: kinds, host globals generated code never uses, inherited and lower-case names', () => {
    // Navigator is a global of Node 21+; kubebuilder's own testdata declares a kind of that name.
    for (const name of ['CronJob', 'Captain', 'Navigator', 'WebSocket', 'Performance', 'constructor', 'HasOwnProperty', 'process']) {
      expect(isJavaScriptGlobal(name), name).toBe(false);
    }
  });
});
