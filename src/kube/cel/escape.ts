/**
 * How a schema property name is spelled in CEL (apiserver's cel.Escape): reserved words become
 * `__word__`, `__` `.` `-` `/` become `__underscores__` `__dot__` `__dash__` `__slash__`; a name
 * with any other character cannot be referred to and its property is left out of the CEL type.
 * A reserved word may also be written as it is (`self.namespace`), see keywordFieldName.
 */

const reserved = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/**
 * The name a reserved word's property is also reachable by: kube-apiserver (compatibility 1.31 on)
 * resolves `self.namespace` to the field `__namespace__` when no field `namespace` exists.
 */
export function keywordFieldName(name: string): string | undefined {
  return reserved.has(name) ? `__${name}__` : undefined;
}

/** The CEL name of a property, or undefined when it cannot be referred to. */
export function escapePropertyName(name: string): string | undefined {
  if (reserved.has(name)) return `__${name}__`;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i];
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
