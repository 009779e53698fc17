/** The simple JSON paths CRDs use for scale subresources and printer columns (`.spec.replicas`). */
import { isPlainObject } from '../../model/object.js';
import { simpleJSONPathFields } from '../../model/simple-json-path.js';

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const s of simpleJSONPathFields(path)) {
    const m = /^(.*)\[(\d+)\]$/.exec(s);
    const key = m ? m[1] : s;
    if (!isPlainObject(cur)) return undefined;
    cur = cur[key];
    if (m) cur = Array.isArray(cur) ? cur[Number(m[2])] : undefined;
  }
  return cur;
}

export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const segs = simpleJSONPathFields(path);
  let cur = obj;
  segs.forEach((s, i) => {
    if (i === segs.length - 1) {
      cur[s] = value;
      return;
    }
    if (!isPlainObject(cur[s])) cur[s] = {};
    cur = cur[s] as Record<string, unknown>;
  });
}
