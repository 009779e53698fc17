/**
 * Description limits (controller-gen's maxDescLen). The text itself comes from the marker
 * engine's extractDescription, which reads the same comment groups as the markers.
 */
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { walkSchema } from './json-schema.js';

const SENTENCE_END = /\p{Sentence_Terminal}/u;
const WHITE_SPACE = /\p{White_Space}/u;

/** controller-gen's TruncateDescription for one string (lengths in UTF-8 bytes, as Go counts). */
export function truncateDescription(desc: string, maxLen: number): string {
  const bytes = Buffer.from(desc, 'utf8');
  if (bytes.length <= maxLen) return desc;
  const cut = bytes.subarray(0, maxLen).toString('utf8').replace(/\uFFFD$/, '');
  for (let i = cut.length - 1; i > 0; i--) if (SENTENCE_END.test(cut[i])) return cut.slice(0, i + 1);
  for (let i = cut.length - 1; i > 0; i--) if (WHITE_SPACE.test(cut[i])) return cut.slice(0, i) + '...';
  return cut + '...';
}

/** Applies `maxDescLen` to every description of a schema tree (0 drops them all). */
export function limitDescriptions(schema: JSONSchemaProps, maxLen: number): void {
  walkSchema(schema, (s) => {
    if (s.description === undefined) return;
    if (maxLen === 0) delete s.description;
    else if (Buffer.byteLength(s.description, 'utf8') > maxLen) s.description = truncateDescription(s.description, maxLen);
  });
}
