/**
 * Map key order as go-yaml v2 sorts string keys: rune by rune, letters after other characters, and runs of
 * digits compared as numbers. (controller-gen output goes through a map, so keys come out in this order.)
 */

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

const ASCII_LETTERS = /^[A-Za-z]*$/;

export function compareYamlKeys(a: string, b: string): number {
  // letters only: the rule reduces to comparing code units, shorter first on a common prefix
  if (ASCII_LETTERS.test(a) && ASCII_LETTERS.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i];
    const bc = br[i];
    if (ac === bc) continue;
    const al = LETTER.test(ac);
    const bl = LETTER.test(bc);
    if (al && bl) return (ac.codePointAt(0) as number) - (bc.codePointAt(0) as number);
    if (al || bl) return bl ? -1 : 1;
    let an = 0n;
    let bn = 0n;
    if (ac === '0' || bc === '0') {
      for (let j = i - 1; j >= 0 && DIGIT.test(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && DIGIT.test(ar[ai]); ai++) an = an * 10n + BigInt((ar[ai]).codePointAt(0)! - 48);
    let bi = i;
    for (; bi < br.length && DIGIT.test(br[bi]); bi++) bn = bn * 10n + BigInt((br[bi]).codePointAt(0)! - 48);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai - bi;
    return (ac.codePointAt(0) as number) - (bc.codePointAt(0) as number);
  }
  return ar.length - br.length;
}
