/**
 * How a schema property name is spelled in CEL (apiserver's cel.Escape): reserved words become
 * `__word__`, `__` `.` `-` `/` become `__underscores__` `__dot__` `__dash__` `__slash__`; a name
 * with any other character cannot be referred to and its property is left out of the CEL type.
 */

const reserved = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/**
 * The property a field selection names: its escaped name, or (Kubernetes 1.31+, which recognises a
 * keyword as a field name: `self.namespace` as well as `self.__namespace__`) a reserved word's escaped
 * form when the object has no property of the plain name.
 */
export function selectedProperty(has: (name: string) => boolean, field: string): string | undefined {
  if (has(field)) return field;
  const escaped = `__${field}__`;
  return reserved.has(field) && has(escaped) ? escaped : undefined;
}

/** The CEL name of a property, or undefined when it cannot be referred to. */
export function escapePropertyName(name: string): string | undefined {
  if (reserved.has(name)) return `__${name}__`;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    if (name.startsWith('__', i)) {
      out += '__underscores__';
      i++;
    } else if (ch === '.') out += '__dot__';
    else if (ch === '-') out += '__dash__';
    else if (ch === '/') out += '__slash__';
    else if (/[A-Za-z0-9_]/.test(ch)) out += ch;
    else return undefined;
  }
  return /^[A-Za-z_]/.test(out) ? out : undefined;
}
