// Derives data/kubernetes-api/<minor>.json, the Kubernetes built-in API schemas the package ships,
// from Kubernetes' published OpenAPI and Go markers in ../shared/kubernetes-openapi:
//   npm run derive:kubernetes-api
// Commit the result: a clone or the published package needs nothing from ../shared.
//
// Each file holds every component schema of that release as controller-gen writes it when a CRD
// embeds the Go type (no descriptions: those come from @kubernetes/client-node at generation time):
// - structure (properties, types, formats, required, list-type/list-map-keys/map-type) from the
//   release's OpenAPI: v3 for 1.34 and 1.35, v2 for 1.36 (no v3 could be had for it);
// - defaults: only explicit `+default=`/`+kubebuilder:default=` markers (kube-openapi's v3 also
//   writes every non-pointer field's zero value, which controller-gen never emits), and not the
//   `+default=ref(Const)` form, which controller-gen does not evaluate. 1.36's Go markers give
//   them exactly; for 1.34/1.35 a v3 default is kept when it is not a zero value or when 1.36
//   marks that field's default explicitly;
// - `+kubebuilder:validation:*` markers (metav1.Condition's, PortStatus.error's), which no OpenAPI
//   document carries, and type-level `+structType`/`+mapType`, from 1.36's Go markers;
// - resource.Quantity and intstr.IntOrString as controller-gen's known types.
// `+enum` string types get no `enum`: controller-gen does not emit one for them.
// Beside the schemas, the REST resources of the release's GA versions (v1, v2, ...), from the
// documents' paths: plural, scope, kind and subresources, which the test API server serves.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JSONSchemaProps } from '../src/kube/json-schema-props.js';
import { ComponentConverter } from '../src/generators/crd/schema/kube-openapi-schema.js';
import { readKubeOpenApiDocuments, type OpenApiSchema } from '../src/generators/crd/schema/kube-openapi-documents.js';
import { knownComponentSchema } from '../src/generators/crd/schema/known-types.js';
import { walkSchema } from '../src/generators/crd/schema/json-schema.js';
import { KUBERNETES_API_FORMAT, type ApiResource, type KubernetesApiData } from '../src/kube/kubernetes-api.js';

const repo = path.resolve(import.meta.dirname, '..');
const outDir = path.join(repo, 'data', 'kubernetes-api');
let shared = path.resolve(repo, '..', 'shared', 'kubernetes-openapi');

const RELEASES: { minor: string; openapi: string; note: string }[] = [
  { minor: '1.34', openapi: '1.34/v3', note: 'OpenAPI v3 of release-1.34 (≈ v1.34.3); explicit defaults and kubebuilder validations from k8s.io/api v0.36.1 markers' },
  { minor: '1.35', openapi: '1.35/v3', note: 'OpenAPI v3 of release-1.35 (≈ v1.35.0); explicit defaults and kubebuilder validations from k8s.io/api v0.36.1 markers' },
  { minor: '1.36', openapi: '1.36/v2/swagger.json', note: 'OpenAPI v2 of release-1.36 and the Go markers of k8s.io/api and apimachinery v0.36.1' },
];

// ---- Go markers of k8s.io/api and apimachinery v0.36.1 ----

interface GoField { goName: string; goType: string; json: string | null; embedded: boolean; markers: string[] }
interface GoType { kind: 'struct' | 'named'; markers: string[]; fields?: GoField[]; underlying?: string }
type GoPackages = Record<string, Record<string, GoType>>;

let goModules: Record<string, GoPackages> = {};

/** Package dir (module-qualified) of a component: `io.k8s.api.core.v1.Pod` -> k8s.io/api core/v1. */
function goPackageOf(component: string): { module: string; dir: string; type: string } | undefined {
  const parts = component.split('.');
  const type = parts.pop()!;
  const pkg = parts.join('.');
  if (pkg.startsWith('io.k8s.api.')) return { module: 'k8s.io/api', dir: pkg.slice('io.k8s.api.'.length).replace(/\./g, '/'), type };
  if (pkg.startsWith('io.k8s.apimachinery.')) return { module: 'k8s.io/apimachinery', dir: pkg.slice('io.k8s.apimachinery.'.length).replace(/\./g, '/'), type };
  return undefined;
}

/** Go import aliases used for embedded types across packages. */
const ALIASES: Record<string, [string, string]> = { metav1: ['k8s.io/apimachinery', 'pkg/apis/meta/v1'] };

function goTypeOf(module: string, dir: string, name: string): GoType | undefined {
  return goModules[module]?.[dir]?.[name];
}

/** The fields of a Go struct by json name, embedded inline structs expanded. */
function goFields(module: string, dir: string, name: string, depth = 0): Map<string, GoField> {
  const out = new Map<string, GoField>();
  const t = goTypeOf(module, dir, name);
  if (!t?.fields || depth > 5) return out;
  for (const f of t.fields) {
    const jsonName = (f.json ?? '').split(',')[0];
    if (jsonName === '-') continue;
    if (f.embedded && jsonName === '') {
      const bare = f.goType.replace(/^\*/, '');
      const [alias, local] = bare.includes('.') ? bare.split('.') : [undefined, bare];
      const [m, d] = alias ? (ALIASES[alias] ?? [module, dir]) : [module, dir];
      for (const [k, v] of goFields(m, d, local, depth + 1)) if (!out.has(k)) out.set(k, v);
      continue;
    }
    out.set(jsonName || f.goName, f);
  }
  return out;
}

/**
 * A type's `+structType`/`+mapType`, else that of a struct it embeds inline: controller-gen
 * merges an embedded type's schema into the embedding one (SecretEnvSource embeds the atomic
 * LocalObjectReference, so it is atomic too).
 */
function typeMapType(module: string, dir: string, name: string, depth = 0): string | undefined {
  const t = goTypeOf(module, dir, name);
  if (!t || depth > 5) return undefined;
  for (const marker of t.markers) {
    const v = markerValue(marker, 'structType') ?? markerValue(marker, 'mapType');
    if (v) return v;
  }
  for (const f of t.fields ?? []) {
    if (!f.embedded || (f.json ?? '').split(',')[0] !== '') continue;
    const bare = f.goType.replace(/^\*/, '');
    const [alias, local] = bare.includes('.') ? bare.split('.') : [undefined, bare];
    const [m, d] = alias ? (ALIASES[alias] ?? [module, dir]) : [module, dir];
    const v = typeMapType(m, d, local, depth + 1);
    if (v) return v;
  }
  return undefined;
}

function markerValue(marker: string, name: string): string | undefined {
  return marker.startsWith(`+${name}=`) ? marker.slice(name.length + 2) : undefined;
}

/**
 * The value of a `+default=` marker (JSON), or undefined for kube-openapi's `+default=ref(Const)`
 * form, which controller-gen does not evaluate (its goldens have no default for
 * AzureDiskVolumeSource.cachingMode).
 */
function parseDefault(raw: string): unknown {
  if (/^ref\(/.test(raw)) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function unquotePattern(raw: string): string {
  return raw.startsWith('`') && raw.endsWith('`') ? raw.slice(1, -1) : raw;
}

/** Applies a field's kubebuilder validation markers to its property schema. */
function applyValidation(prop: JSONSchemaProps, marker: string): void {
  const m = /^\+kubebuilder:validation:(\w+)=(.*)$/.exec(marker);
  if (!m) return;
  const [, name, value] = m as unknown as [string, string, string];
  switch (name) {
    case 'MaxLength': prop.maxLength = Number(value); break;
    case 'MinLength': prop.minLength = Number(value); break;
    case 'Minimum': prop.minimum = Number(value); break;
    case 'Maximum': prop.maximum = Number(value); break;
    case 'Pattern': prop.pattern = unquotePattern(value); break;
    case 'Enum': prop.enum = value.split(';'); break;
    case 'Format': prop.format = value; break;
    case 'Type': prop.type = value; break;
    default: throw new Error(`unhandled marker ${marker}`);
  }
}

// ---- zero values and defaults ----

function isZero(v: unknown): boolean {
  if (v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && v !== null && Object.keys(v).length === 0;
}

function stripDescriptionsAndDefaults(schema: JSONSchemaProps): void {
  walkSchema(schema, (s) => {
    delete s.description;
    delete s.default;
    // kube-openapi's v3 `title` and v2 `example` carry nothing controller-gen writes.
    delete s.title;
    delete s.example;
  });
}

// ---- REST resources ----

interface PathOperation { 'x-kubernetes-action'?: string; 'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string } }

/** `/api/v1/...` or `/apis/<group>/<vN>/...` (GA versions only), optionally namespaced, a resource, a name, a subresource. */
const RESOURCE_PATH = /^\/(?:api\/(v1)|apis\/([^/]+)\/(v\d+))\/(namespaces\/\{namespace\}\/)?([a-z0-9]+)(?:\/\{name\}(?:\/([a-z]+))?)?$/;

/** The paths of an OpenAPI v2 file or of every v3 document in a directory. */
function openApiPaths(file: string): Record<string, Record<string, unknown>> {
  const files = statSync(file).isDirectory() ? readdirSync(file).filter((f) => f.endsWith('.json')).map((f) => path.join(file, f)) : [file];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const f of files) Object.assign(paths, (JSON.parse(readFileSync(f, 'utf8')) as { paths?: Record<string, Record<string, unknown>> }).paths ?? {});
  return paths;
}

/**
 * Every resource a client can list, with its kind (the list operation's), scope (a path under
 * namespaces/{namespace}) and subresources (`.../{name}/<sub>`). Create-only endpoints (reviews,
 * bindings) have no list operation and are left out.
 */
function restResources(file: string): ApiResource[] {
  const found = new Map<string, ApiResource>();
  const subresources = new Map<string, Set<string>>();
  for (const [p, operations] of Object.entries(openApiPaths(file))) {
    const m = RESOURCE_PATH.exec(p);
    if (!m || m[5] === 'watch') continue;
    const group = m[2] ?? '';
    const version = m[1] ?? m[3];
    const key = `${group}/${version}/${m[5]}`;
    if (m[6]) {
      if (!subresources.has(key)) subresources.set(key, new Set());
      subresources.get(key)!.add(m[6]);
      continue;
    }
    for (const op of Object.values(operations) as PathOperation[]) {
      const gvk = op['x-kubernetes-group-version-kind'];
      if (op['x-kubernetes-action'] !== 'list' || !gvk) continue;
      const namespaced = m[4] !== undefined || found.get(key)?.namespaced === true;
      found.set(key, { group, version, resource: m[5], kind: gvk.kind, namespaced, subresources: [] });
    }
  }
  return [...found.entries()]
    .map(([key, r]) => ({ ...r, subresources: [...(subresources.get(key) ?? [])].sort() }))
    .sort((a, b) => `${a.group}/${a.version}/${a.resource}`.localeCompare(`${b.group}/${b.version}/${b.resource}`));
}

function derive(release: (typeof RELEASES)[number]): KubernetesApiData {
  const documents = readKubeOpenApiDocuments([path.join(shared, release.openapi)], '/');
  const converter = new ComponentConverter((component) => component);
  const types: Record<string, JSONSchemaProps> = {};
  const kinds: Record<string, string> = {};
  const embeddedMapTypes: string[] = [];
  let explicitDefaults = 0;
  for (const component of [...documents.keys()].sort()) {
    const raw = documents.get(component)!;
    const gvks = raw['x-kubernetes-group-version-kind'];
    if (Array.isArray(gvks) && gvks.length === 1) {
      const { group, version, kind } = gvks[0] as Record<string, string>;
      // The WatchEvent and DeleteOptions components are tagged with every group-version; only a
      // component that is one kind stands for it.
      kinds[`${group ? `${group}/` : ''}${version}/${kind}`] = component;
    }
    const known = knownComponentSchema(component);
    if (component.endsWith('.api.resource.Quantity') || component.endsWith('.util.intstr.IntOrString')) {
      types[component] = known!;
      continue;
    }
    const schema = converter.convert(raw);
    // Versions the v3 documents carry, as explicit defaults (zero values are kube-openapi's own).
    const sourceDefaults = new Map<string, unknown>();
    for (const [name, prop] of Object.entries((raw.properties ?? {}) as Record<string, OpenApiSchema>)) {
      if (prop.default !== undefined && !isZero(prop.default)) sourceDefaults.set(name, prop.default);
    }
    stripDescriptionsAndDefaults(schema);
    for (const [name, value] of sourceDefaults) {
      schema.properties![name].default = value;
      explicitDefaults++;
    }
    const go = goPackageOf(component);
    const goType = go && goTypeOf(go.module, go.dir, go.type);
    if (go && goType) {
      const mapType = typeMapType(go.module, go.dir, go.type);
      if (mapType) schema['x-kubernetes-map-type'] = mapType as JSONSchemaProps['x-kubernetes-map-type'];
      // Taken from an embedded struct: kube-apiserver's own schema (the published one) does not say it.
      if (mapType && raw['x-kubernetes-map-type'] === undefined) embeddedMapTypes.push(component);
      for (const [json, field] of goFields(go.module, go.dir, go.type)) {
        const prop = schema.properties?.[json];
        if (!prop) continue;
        for (const marker of field.markers) {
          const def = markerValue(marker, 'default') ?? markerValue(marker, 'kubebuilder:default');
          if (def !== undefined && /^ref\(/.test(def)) {
            if (prop.default !== undefined) explicitDefaults--;
            delete prop.default;
          } else if (def !== undefined && prop.default === undefined) {
            prop.default = parseDefault(def);
            explicitDefaults++;
          }
          const mapType = markerValue(marker, 'mapType') ?? markerValue(marker, 'structType');
          if (mapType) prop['x-kubernetes-map-type'] = mapType as JSONSchemaProps['x-kubernetes-map-type'];
          if (marker.startsWith('+kubebuilder:validation:') && !marker.endsWith(':Required')) applyValidation(prop, marker);
        }
      }
    }
    types[component] = schema;
  }
  if (process.env.DERIVE_VERBOSE !== '0') console.log(`${release.minor}: ${Object.keys(types).length} types, ${Object.keys(kinds).length} kinds, ${explicitDefaults} explicit defaults`);
  const resources = restResources(path.join(shared, release.openapi));
  if (process.env.DERIVE_VERBOSE !== '0') console.log(`${release.minor}: ${resources.length} resources`);
  return { format: KUBERNETES_API_FORMAT, kubernetesVersion: release.minor, source: release.note, kinds, resources, embeddedMapTypes, types };
}

/** One type per line: compact, and a release's changes read as line diffs. */
function serialise(data: KubernetesApiData): string {
  const lines = Object.entries(data.types).map(([name, schema]) => `${JSON.stringify(name)}:${JSON.stringify(schema)}`);
  const head = { format: data.format, kubernetesVersion: data.kubernetesVersion, source: data.source, kinds: data.kinds, resources: data.resources, embeddedMapTypes: data.embeddedMapTypes };
  return `${JSON.stringify(head).slice(0, -1)},"types":{\n${lines.join(',\n')}\n}}\n`;
}

/** The text of each release's data file, derived from `kubernetesOpenapiDir` (../shared/kubernetes-openapi). */
export function deriveKubernetesApi(kubernetesOpenapiDir: string): { minor: string; text: string }[] {
  shared = kubernetesOpenapiDir;
  const markersFile = path.join(shared, '1.36', 'derived', 'go-markers-k8s.io-api-v0.36.1.json');
  goModules = JSON.parse(readFileSync(markersFile, 'utf8')) as Record<string, GoPackages>;
  return RELEASES.map((release) => ({ minor: release.minor, text: serialise(derive(release)) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  mkdirSync(outDir, { recursive: true });
  for (const { minor, text } of deriveKubernetesApi(shared)) {
    const file = path.join(outDir, `${minor}.json`);
    writeFileSync(file, text);
    console.log(`wrote ${path.relative(repo, file)} (${text.length} bytes)`);
  }
}
