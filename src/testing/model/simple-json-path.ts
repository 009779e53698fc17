/**
 * The field names of a simple JSON path, as CRDs write them for scale subresources and printer
 * columns (`.spec.replicas` is spec, replicas); empty names are dropped. Shared by the handlers that
 * read and write such paths and by the scale subresource's managedFields.
 */
export function simpleJSONPathFields(path: string): string[] {
  return path.replace(/^\./, '').split('.').filter((s) => s !== '');
}
