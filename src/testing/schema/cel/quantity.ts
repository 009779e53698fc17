/** Kubernetes resource quantities (`100Mi`, `1.5`, `250m`, `1e3`) for the CEL quantity library. */

const binary: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const decimal: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
const quantityPattern = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

/** The value of a quantity string as a float, or undefined when it is not a quantity. */
export function parseQuantity(text: string): number | undefined {
  const m = quantityPattern.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  const suffix = m[2] ?? '';
  if (suffix in binary) return n * binary[suffix]!;
  if (suffix in decimal) return n * decimal[suffix]!;
  return n * 10 ** Number(suffix.slice(1));
}
