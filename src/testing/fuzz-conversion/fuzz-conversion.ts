/**
 * Conversion round-trip testing, as Cluster API fuzzes its conversions: random objects valid under
 * each version's schema (from the CRD) go hub → spoke → hub and spoke → hub → spoke through the
 * project's conversion functions, and must come back as they were. The first field that does not is
 * reported, with the object that shows it.
 */
import type { CustomResourceDefinition } from '../../kube/custom-resource-definition.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { loadManifests } from '../environment/manifest-loader.js';
import { type Difference, firstDifference } from './first-difference.js';
import { Random } from './random.js';
import { ValueGenerator } from './generate-value.js';

/** A spoke version's conversion functions (the `<kind>Conversion` of `api/<spoke>/<kind>_conversion.ts`). */
export interface SpokeConversion {
  // Declared as methods, whose parameters TypeScript checks both ways: a conversion typed with the
  // project's own kinds (`convertTo(spoke: CronJob): HubCronJob`) fits.
  convertTo(spoke: unknown): unknown;
  convertFrom(hub: unknown): unknown;
}

export interface FuzzConversionOptions {
  /** The CRD, or its name (`cronjobs.batch.example.com`) looked up in crdDirectoryPaths. */
  crd: CustomResourceDefinition | string;
  /** Where a CRD given by name is read from (default `['config/crd/bases']`, as startTestEnvironment). */
  crdDirectoryPaths?: string[];
  /** The hub version's name. */
  hub: string;
  /** Each spoke version's conversion, by version name. */
  spokes: Record<string, SpokeConversion>;
  /** The same seed gives the same objects (default 1). */
  seed?: number;
  /** Objects per version and direction (default 100). */
  count?: number;
}

export interface ConversionLoss extends Difference {
  /** `v1 → v2 → v1` */
  roundTrip: string;
  /** The generated object the round trip started from. */
  object: unknown;
  /** What came back. */
  returned: unknown;
  /** One line for a test failure: the round trip, the path, expected and actual. */
  message: string;
}

export interface FuzzConversionResult {
  /** Objects round-tripped. */
  checked: number;
  /** The first loss found; undefined when every object came back as it was. */
  loss?: ConversionLoss;
}

async function crdOf(options: FuzzConversionOptions): Promise<CustomResourceDefinition> {
  if (typeof options.crd !== 'string') return options.crd;
  const crds = await loadManifests(options.crdDirectoryPaths ?? ['config/crd/bases'], ['CustomResourceDefinition'], { errorIfPathMissing: true, what: 'CRD' });
  const found = crds.find((c) => (c.metadata as { name?: string } | undefined)?.name === options.crd);
  if (!found) throw new Error(`fuzzConversion: no CRD named ${options.crd} in ${(options.crdDirectoryPaths ?? ['config/crd/bases']).join(', ')} (run \`make manifests\`?)`);
  return found as unknown as CustomResourceDefinition;
}

function schemaOf(crd: CustomResourceDefinition, version: string): JSONSchemaProps {
  const schema = crd.spec.versions.find((v) => v.name === version)?.schema?.openAPIV3Schema;
  if (!schema) throw new Error(`fuzzConversion: CRD ${crd.metadata?.name} has no schema for version ${version} (versions: ${crd.spec.versions.map((v) => v.name).join(', ')})`);
  return schema;
}

/** A random object of one version: metadata as the API server would hold it, spec and status always present (as a reconciled object has them). */
function randomObject(gen: ValueGenerator, random: Random, crd: CustomResourceDefinition, version: string, schema: JSONSchemaProps): Record<string, unknown> {
  const object: Record<string, unknown> = { apiVersion: `${crd.spec.group}/${version}`, kind: crd.spec.names.kind };
  const metadata: Record<string, unknown> = { name: `fuzz-${random.int(0, 99_999)}` };
  if (crd.spec.scope !== 'Cluster') metadata.namespace = 'default';
  if (random.chance(0.5)) metadata.labels = { app: random.pick(['a', 'b']) };
  if (random.chance(0.5)) metadata.annotations = { 'example.com/note': random.pick(['x', 'y z']) };
  object.metadata = metadata;
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (name === 'apiVersion' || name === 'kind' || name === 'metadata') continue;
    object[name] = gen.value(prop, `.${name}`, 1);
  }
  return object;
}

function loss(roundTrip: string, object: unknown, returned: unknown, difference: Difference): ConversionLoss {
  const show = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));
  return {
    ...difference,
    roundTrip,
    object,
    returned,
    message: `${roundTrip} changed ${difference.path}: ${show(difference.expected)} came back as ${show(difference.actual)}; the object: ${JSON.stringify(object)}`,
  };
}

/** Round-trips `count` random objects of the hub and of each spoke; stops at the first loss. */
export async function fuzzConversion(options: FuzzConversionOptions): Promise<FuzzConversionResult> {
  const crd = await crdOf(options);
  const random = new Random(options.seed ?? 1);
  const gen = new ValueGenerator(random);
  const count = options.count ?? 100;
  const hubSchema = schemaOf(crd, options.hub);
  let checked = 0;
  for (const [version, conversion] of Object.entries(options.spokes)) {
    const spokeSchema = schemaOf(crd, version);
    for (let i = 0; i < count; i++) {
      const hub = randomObject(gen, random, crd, options.hub, hubSchema);
      const backToHub = conversion.convertTo(conversion.convertFrom(structuredClone(hub)));
      checked++;
      const hubLoss = firstDifference(hub, backToHub);
      if (hubLoss) return { checked, loss: loss(`${options.hub} → ${version} → ${options.hub}`, hub, backToHub, hubLoss) };

      const spoke = randomObject(gen, random, crd, version, spokeSchema);
      const backToSpoke = conversion.convertFrom(conversion.convertTo(structuredClone(spoke)));
      checked++;
      const spokeLoss = firstDifference(spoke, backToSpoke);
      if (spokeLoss) return { checked, loss: loss(`${version} → ${options.hub} → ${version}`, spoke, backToSpoke, spokeLoss) };
    }
  }
  return { checked };
}
