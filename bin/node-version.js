// The Node.js floor is package.json's `engines.node` (its one definition; generated projects copy
// it into theirs). An older Node installs the package with one EBADENGINE warning and then fails
// deep inside undici with a TypeError that does not say why, so the CLI refuses it first.

/**
 * Why Node.js `found` (process.versions.node) does not satisfy `range` (engines.node, ">=X.Y.Z"),
 * or undefined when it does or the range is not of that form.
 */
export function unsupportedNode(found, range) {
  const floor = /^>=\s*v?(\d+)\.(\d+)\.(\d+)$/.exec(String(range ?? '').trim());
  const have = /^v?(\d+)\.(\d+)\.(\d+)/.exec(found);
  if (!floor || !have) return undefined;
  for (let i = 1; i <= 3; i++) {
    const diff = Number(have[i]) - Number(floor[i]);
    if (diff > 0) return undefined;
    if (diff < 0) return `needs Node.js ${floor[1]}.${floor[2]}.${floor[3]} or newer (engines.node "${range}" in its package.json), but this is Node.js ${found}: install a newer Node.js and run it again`;
  }
  return undefined;
}
