// How well an installed kubernetes-models package covers the property descriptions of each
// Kubernetes release in ../shared/kubernetes-openapi (test/crd/CONFORMANCE.md records the figures):
//   npx tsx scripts/kubernetes-models-coverage.ts <kubernetes-models folder> [<@kubernetes-models/apimachinery folder>]
// For each release: of the properties of GA components (`.../v1/...`, not alpha or beta) whose
// OpenAPI description is not empty, how many the package describes with the same text (same
// words: line breaks and the "Possible enum values" paragraph aside, as manifests writes them),
// with other text, or not at all (a kind's apiVersion and kind aside: kubernetes-models types them
// as constants without a doc, and manifests keeps client-node's there);
// the properties it has that the release lacks hint at the release it tracks. Also the time to
// read every model the release has.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { readKubeOpenApiDocuments } from '../src/generators/crd/schema/kube-openapi-documents.js';
import { ENUM_PARAGRAPH } from '../src/generators/crd/schema/kube-openapi-schema.js';
import { KubernetesModelsDescriptions } from '../src/generators/crd/schema/kubernetes-models-package.js';
import { componentParts } from '../src/kube/kubernetes-api-names.js';

const repo = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(repo, '..', 'shared', 'kubernetes-openapi');
const RELEASES: Record<string, string> = { '1.34': '1.34/v3', '1.35': '1.35/v2/swagger.json', '1.36': '1.36/v2/swagger.json' };

const roots = process.argv.slice(2).map((p) => path.resolve(p));
if (roots.length === 0) {
  console.error('usage: tsx scripts/kubernetes-models-coverage.ts <kubernetes-models folder> [<apimachinery folder>]');
  process.exit(2);
}
const words = (s: string) => s.replace(ENUM_PARAGRAPH, '').replace(/\s+/g, ' ').trim();
const isGa = (component: string) => /^v\d+$/.test(componentParts(component)?.version ?? 'v0');

for (const [minor, openapi] of Object.entries(RELEASES)) {
  const components = readKubeOpenApiDocuments([path.join(shared, openapi)], shared);
  const models = new KubernetesModelsDescriptions(roots);
  let described = 0;
  let same = 0;
  let other = 0;
  let absent = 0;
  let extra = 0;
  const start = performance.now();
  for (const [component, schema] of components) {
    if (!isGa(component)) continue;
    const docs = models.descriptionsOf(component);
    const properties = (schema.properties ?? {}) as Record<string, { description?: string }>;
    const isKind = 'apiVersion' in properties && 'kind' in properties && 'metadata' in properties;
    for (const [name, prop] of Object.entries(properties)) {
      if (!prop.description || (isKind && (name === 'apiVersion' || name === 'kind'))) continue;
      described++;
      const text = docs?.properties.get(name);
      if (text === undefined || text === '') absent++;
      else if (words(text) === words(prop.description)) same++;
      else other++;
    }
    for (const name of docs?.properties.keys() ?? []) if (!(name in properties)) extra++;
  }
  const ms = performance.now() - start;
  const pct = (n: number) => `${((100 * n) / described).toFixed(1)}%`;
  console.log(
    `${minor}: ${described} described properties of GA components: same text ${same} (${pct(same)}), other text ${other} (${pct(other)}), absent ${absent} (${pct(absent)}); ` +
      `${extra} properties the release lacks; read in ${ms.toFixed(0)} ms`,
  );
}
