// Points config/manager/kustomization.yaml at an image: `node hack/set-image.mjs registry/name:tag`.
// `kubectl kustomize` can build but not edit a kustomization, so `make deploy` and
// `make build-installer` rewrite its `images:` entry with this script instead.
import { readFileSync, writeFileSync } from 'node:fs';

const image = process.argv[2];
if (!image) {
  console.error('usage: node hack/set-image.mjs <image>[:<tag>]');
  process.exit(1);
}
// The tag follows the last ':' after the last '/' (a registry host may carry a port).
const colon = image.lastIndexOf(':');
const [name, tag] = colon > image.lastIndexOf('/') ? [image.slice(0, colon), image.slice(colon + 1)] : [image, 'latest'];

const file = new URL('../config/manager/kustomization.yaml', import.meta.url);
const text = readFileSync(file, 'utf8');
if (!/^\s*newName:/m.test(text) || !/^\s*newTag:/m.test(text)) {
  console.error('config/manager/kustomization.yaml has no images entry with newName and newTag');
  process.exit(1);
}
// Quoted: a tag such as 1 or 1.10 would otherwise be a YAML number, which kustomize refuses.
writeFileSync(file, text.replace(/^(\s*newName:).*$/m, `$1 ${JSON.stringify(name)}`).replace(/^(\s*newTag:).*$/m, `$1 ${JSON.stringify(tag)}`));
