// The naming rules a project, a group, a version, a kind and a plural must follow. Each check
// throws a UsageError naming the value and the rule it breaks.
import { createContext, runInContext } from 'node:vm';
import { dns1035LabelPattern as dns1035Label, dns1123LabelPattern as dns1123Label, dns1123SubdomainPattern as dns1123Subdomain } from '../kube/dns-names.js';
import { UsageError } from './usage-error.js';
import { isBuiltinGroup } from './core-groups.js';

const apiVersion = /^v\d+(?:(alpha|beta)\d+)?$/;
const pascalCase = /^[A-Z][A-Za-z0-9]*$/;

export function validateDomain(domain: string, what = 'domain'): void {
  if (domain.length === 0 || domain.length > 253 || !dns1123Subdomain.test(domain)) {
    throw new UsageError(`invalid ${what} "${domain}": must be a DNS-1123 subdomain (lower-case letters, digits, '-' and '.', starting and ending with a letter or digit, at most 253 characters)`);
  }
}

/** `fix`: what to do about it, where the name came from (init's default is the directory name). */
export function validateProjectName(name: string, fix = 'pass --project-name'): void {
  if (name.length === 0 || name.length > 63 || !dns1123Label.test(name)) {
    throw new UsageError(`invalid project name "${name}": must be a DNS-1123 label (lower-case letters, digits and '-', starting and ending with a letter or digit, at most 63 characters); ${fix}`);
  }
}

/** The empty group is allowed: the API's group is then the project domain itself. */
export function validateGroup(group: string): void {
  if (group === '') return;
  if (group.length > 63 || !dns1123Subdomain.test(group)) {
    throw new UsageError(`invalid group "${group}": must be empty (the group is then the project domain) or a DNS-1123 subdomain (lower-case letters, digits, '-' and '.')`);
  }
}

// semver.org's version grammar (MAJOR.MINOR.PATCH, pre-release and build parts), as npm versions are written.
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** PROJECT's cliVersion: the scaffolder package version that wrote it (`alpha update` installs that version). */
export function validateCliVersion(version: string): void {
  if (!semver.test(version)) {
    throw new UsageError(`invalid cliVersion "${version}": must be a scaffolder release version (semver, e.g. 0.1.0 or 1.2.0-rc.1)`);
  }
}

export function validateVersion(version: string): void {
  if (!apiVersion.test(version)) {
    throw new UsageError(`invalid version "${version}": must match ^v\\d+(?:(alpha|beta)\\d+)?$ (e.g. v1, v1alpha1, v2beta3)`);
  }
}

/**
 * Names the generated files of a kind (types, controller, webhooks and their tests) use unqualified
 * beside the kind's own identifier: a kind of that name would clash with them and not compile.
 * Each maps to where the name comes from.
 */
export const reservedKinds: ReadonlyMap<string, string> = new Map([
  ...['Client', 'CustomDefaulter', 'CustomValidator', 'ListMeta', 'Manager', 'ObjectMeta', 'ObjectOf', 'ReconcileContext',
    'Reconciler', 'Request', 'Result', 'Scheme', 'Warnings', 'Wire'].map((n): [string, string] => [n, 'an import from kubescaffolder/runtime']),
  ['GroupVersion', "the API package's GroupVersion (groupversion_info.ts)"],
  ['MockInstance', 'an import from vitest (the controller test spies on reconcile)'],
  ['TestEnvironment', 'an import from kubescaffolder/testing'],
  ['V1Condition', 'an import from @kubernetes/client-node'],
]);

/**
 * The capitalised globals a kind must not shadow (Object, Map, Promise, URL, Buffer, ...): generated
 * code uses several of them, and a kind declared under such a name hides the global there.
 * The language's own are read from a fresh V8 context (no host objects), so they are not listed by
 * hand; they differ between Node lines only by the newest language additions (Node 24 adds Iterator,
 * Float16Array, DisposableStack, ...). The host's are Node's that generated code
 * and its libraries use; they are listed, because the host set grows with Node versions (Node 21 added
 * Navigator, a kind name kubebuilder's own testdata uses), and a PROJECT valid under one Node must
 * stay valid under the next.
 */
const hostGlobals = ['AbortController', 'AbortSignal', 'Buffer', 'Event', 'EventTarget', 'Headers', 'Request', 'Response', 'TextDecoder', 'TextEncoder', 'URL', 'URLSearchParams'];
let globals: ReadonlySet<string> | undefined;

/**
 * Whether `name` is one of those globals. The fresh context costs about a millisecond, so it is made
 * only for a name that is a global of this process too (every language and host global above is):
 * CronJob and most other kinds are answered without it.
 */
export function isJavaScriptGlobal(name: string): boolean {
  if (!Object.hasOwn(globalThis, name)) return false;
  globals ??= new Set(
    [...Object.getOwnPropertyNames(runInContext('globalThis', createContext()) as object), ...hostGlobals].filter((n) => pascalCase.test(n)),
  );
  return globals.has(name);
}

/**
 * `builtin`: the kind is one of Kubernetes' own (core/v1 Event, ...), imported or described under
 * its Kubernetes name; only a kind the project declares must stay clear of the JavaScript globals.
 */
export function validateKind(kind: string, opts: { builtin?: boolean } = {}): void {
  if (!pascalCase.test(kind)) {
    throw new UsageError(`invalid kind "${kind}": must be PascalCase (an upper-case letter followed by letters and digits, e.g. CronJob)`);
  }
  const clash = reservedKinds.get(kind);
  if (clash !== undefined) {
    throw new UsageError(`invalid kind "${kind}": the generated code already uses the name ${kind} (${clash}); choose another kind name`);
  }
  if (!opts.builtin && isJavaScriptGlobal(kind)) {
    throw new UsageError(`invalid kind "${kind}": the generated code already uses the name ${kind} (a JavaScript global); choose another kind name`);
  }
  if (kind.length > 63) {
    throw new UsageError(`invalid kind "${kind}": must be at most 63 characters`);
  }
}

// The owner is free text (names with apostrophes, accents, commas, ...), written into the license
// comment of every generated TypeScript file and into README.md. Only what would end that comment
// (`*/`) or break the line it stands on (control characters, U+2028/U+2029) is refused: nothing in
// a block comment can escape `*/`, and a name needs neither.
export function validateOwner(owner: string): void {
  if (owner.includes('*/')) {
    throw new UsageError(`invalid owner ${JSON.stringify(owner)}: must not contain "*/" (it would end the license comment at the top of every generated TypeScript file)`);
  }
  const control = /[\p{Cc}\u2028\u2029]/u.exec(owner);
  if (control) {
    const code = `U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new UsageError(`invalid owner ${JSON.stringify(owner)}: must be one line of text without control characters (found ${code})`);
  }
  if (owner.length > 256) throw new UsageError(`invalid owner: must be at most 256 characters (got ${owner.length})`);
}

export function validatePlural(plural: string): void {
  if (plural.length > 63 || !dns1035Label.test(plural)) {
    throw new UsageError(`invalid plural "${plural}": must be a lower-case DNS-1035 label (a letter, then lower-case letters, digits and '-')`);
  }
}

// A webhook's URL path: written into a `+kubebuilder:webhook` marker and config/webhook/.
const webhookPath = /^\/[A-Za-z0-9/_.-]*$/;

export function validateWebhookPath(path: string): void {
  if (!webhookPath.test(path)) {
    throw new UsageError(`invalid webhook path "${path}": must start with '/' and hold only letters, digits, '/', '_', '.' and '-'`);
  }
}

// A folder of the project, relative to its root: segments of letters, digits, '_', '.' and '-', each
// starting with a letter or digit (so no '.', '..', absolute or home paths can leave the project).
const projectFolder = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** The API package folder PROJECT records for a kind (`api/v1`, `api/crew/v1`): files are written there. */
export function validateApiPackagePath(path: string): void {
  if (!projectFolder.test(path)) {
    throw new UsageError(`invalid API package path "${path}": must be a folder inside the project, relative to its root (e.g. api/v1): segments of letters, digits, '_', '.' and '-', without '.' or '..'`);
  }
}

/** Checks the group/version/kind flags; shared by `create api` and `create webhook`. */
export function validateGvk(opts: { group: string; version: string; kind: string; plural?: string }): void {
  validateGroup(opts.group);
  validateVersion(opts.version);
  validateKind(opts.kind, { builtin: isBuiltinGroup(opts.group) });
  if (opts.plural !== undefined) validatePlural(opts.plural);
}
