import { describe, expect, it } from 'vitest';
import { MarkerSyntaxError, parseMarker, splitMarker } from '../../src/markers/index.js';
import type { ArgType, MarkerDefinition } from '../../src/markers/index.js';

const anon = (type: ArgType, name = 'test:value'): MarkerDefinition => ({ name, target: 'field', value: { type } });

function syntaxError(def: MarkerDefinition, text: string): MarkerSyntaxError {
  try {
    parseMarker(def, text);
  } catch (e) {
    if (e instanceof MarkerSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected ${text} to fail`);
}

describe('splitMarker', () => {
  it('splits name, anonymous name and fields', () => {
    expect(splitMarker('+kubebuilder:printcolumn:name="Age",type=date')).toMatchObject({
      name: 'kubebuilder:printcolumn',
      anonymousName: 'kubebuilder:printcolumn:name',
      fields: '"Age",type=date',
    });
    expect(splitMarker('+kubebuilder:default:=Allow')).toMatchObject({ name: 'kubebuilder:default', anonymousName: 'kubebuilder:default:', fields: 'Allow' });
    expect(splitMarker('+kubebuilder:subresource:status')).toMatchObject({ name: 'kubebuilder:subresource:status', fields: '' });
  });
});

describe('scalar values', () => {
  it('parses ints, negative ints and rejects non-integers', () => {
    expect(parseMarker(anon('int'), '+test:value=10')).toBe(10);
    expect(parseMarker(anon('int'), '+test:value=-3')).toBe(-3);
    expect(syntaxError(anon('int'), '+test:value=1.5').message).toMatch(/expected integer, got "1.5"/);
    expect(syntaxError(anon('int'), '+test:value=abc').message).toMatch(/expected integer/);
  });

  it('parses floats from int or float text', () => {
    expect(parseMarker(anon('number'), '+test:value=2.5')).toBe(2.5);
    expect(parseMarker(anon('number'), '+test:value=-0.5')).toBe(-0.5);
    expect(parseMarker(anon('number'), '+test:value=7')).toBe(7);
    expect(parseMarker(anon('number'), '+test:value=1e3')).toBe(1000);
    expect(syntaxError(anon('number'), '+test:value=x').message).toMatch(/expected integer or float/);
  });

  it('parses bools and rejects anything else', () => {
    expect(parseMarker(anon('bool'), '+test:value=true')).toBe(true);
    expect(parseMarker(anon('bool'), '+test:value=false')).toBe(false);
    expect(syntaxError(anon('bool'), '+test:value=yes').message).toMatch(/expected true or false, got "yes"/);
  });

  it('parses double-quoted strings with Go escapes and raw strings verbatim', () => {
    expect(parseMarker(anon('string'), '+test:value="a,b;c}\\n\\t\\"q\\" \\u00e9"')).toBe('a,b;c}\n\t"q" é');
    expect(parseMarker(anon('string'), '+test:value=`raw \\n "x", y`')).toBe('raw \\n "x", y');
  });

  it('reads bare strings up to a delimiter, trimmed, with inner spaces kept', () => {
    expect(parseMarker(anon('string'), '+test:value=^[a-z0-9]+$')).toBe('^[a-z0-9]+$');
    expect(parseMarker(anon('string'), '+test:value=https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(parseMarker(anon('string'), '+test:value= hello world ')).toBe('hello world');
  });

  it('reports an unterminated string with its offset', () => {
    const e = syntaxError(anon('string'), '+test:value="abc');
    expect(e.message).toMatch(/literal not terminated/);
    expect(e.offset).toBe('+test:value='.length);
  });

  it('reports invalid escapes', () => {
    expect(syntaxError(anon('string'), '+test:value="\\q"').message).toMatch(/unable to parse string: invalid escape/);
  });

  it('takes the rest of the text for raw arguments', () => {
    expect(parseMarker(anon('raw'), '+test:value=anything, at all; {}')).toBe('anything, at all; {}');
  });
});

describe('slices and maps', () => {
  it('parses slices with braces or semicolons', () => {
    expect(parseMarker(anon({ slice: 'string' }), '+test:value={a,b,c}')).toEqual(['a', 'b', 'c']);
    expect(parseMarker(anon({ slice: 'string' }), '+test:value=a;b;c')).toEqual(['a', 'b', 'c']);
    expect(parseMarker(anon({ slice: 'int' }), '+test:value={1, 2, -3}')).toEqual([1, 2, -3]);
    expect(parseMarker(anon({ slice: 'string' }), '+test:value={"a,b", c}')).toEqual(['a,b', 'c']);
    expect(parseMarker(anon({ slice: { slice: 'int' } }), '+test:value={{1,2},{3}}')).toEqual([[1, 2], [3]]);
  });

  it('rejects a slice with a bad separator or no closing brace', () => {
    expect(syntaxError(anon({ slice: 'int' }), '+test:value={1 2}').message).toMatch(/expected comma/);
    expect(syntaxError(anon({ slice: 'int' }), '+test:value={1,2').message).toMatch(/close curly brace/);
  });

  it('parses maps', () => {
    expect(parseMarker(anon({ map: 'string' }), '+test:value={a: x, "b c": y}')).toEqual({ a: 'x', 'b c': 'y' });
    expect(parseMarker(anon({ map: 'int' }), '+test:value={a: 1,b: 2}')).toEqual({ a: 1, b: 2 });
    expect(syntaxError(anon({ map: 'string' }), '+test:value={a x}').message).toMatch(/expected colon/);
    expect(syntaxError(anon({ map: 'string' }), '+test:value=a: x').message).toMatch(/open curly brace/);
  });
});

describe('any-typed values are guessed as controller-gen guesses them', () => {
  const def = anon('any', 'kubebuilder:default');
  const cases: [string, unknown][] = [
    ['100Mi', '100Mi'],
    ['2024-01-15', '2024-01-15'],
    ['42', 42],
    ['-7', -7],
    ['3.25', 3.25],
    ['true', true],
    ['false', false],
    ['trueish', 'trueish'],
    ['"quoted, with comma"', 'quoted, with comma'],
    ['Allow', 'Allow'],
    ['a;b;c', ['a', 'b', 'c']],
    ['{a,b}', ['a', 'b']],
    ['{1,2}', [1, 2]],
    ['{}', {}],
    ['{a: 1, b: "x", c: {d: true}}', { a: 1, b: 'x', c: { d: true } }],
    ['{a: {1, 2}}', { a: [1, 2] }],
    ['{"k": v}', { k: 'v' }],
  ];
  for (const [text, expected] of cases) {
    it(`${text} -> ${JSON.stringify(expected)}`, () => {
      expect(parseMarker(def, `+kubebuilder:default=${text}`)).toEqual(expected);
      expect(parseMarker(def, `+kubebuilder:default:=${text}`)).toEqual(expected);
    });
  }
});

describe('named arguments', () => {
  const printcolumn: MarkerDefinition = {
    name: 'kubebuilder:printcolumn',
    target: 'type',
    args: {
      name: { type: 'string' },
      type: { type: 'string' },
      JSONPath: { type: 'string' },
      priority: { type: 'int', optional: true },
      description: { type: 'string', optional: true },
    },
  };

  it('treats the last name segment as the first argument', () => {
    expect(parseMarker(printcolumn, '+kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp",priority=1')).toEqual({
      name: 'Age',
      type: 'date',
      JSONPath: '.metadata.creationTimestamp',
      priority: 1,
    });
  });

  it('reports unknown arguments with the nearest name and its position', () => {
    const text = '+kubebuilder:printcolumn:name=a,typ=b,JSONPath=c';
    const e = syntaxError(printcolumn, text);
    expect(e.message).toMatch(/unknown argument "typ" \(did you mean "type"\?\)/);
    expect(e.offset).toBe(text.indexOf('typ='));
  });

  it('reports missing required arguments', () => {
    expect(syntaxError(printcolumn, '+kubebuilder:printcolumn:name=a,type=b').message).toMatch(/missing argument "JSONPath"/);
  });

  it('reports a missing comma and extra text', () => {
    expect(syntaxError(printcolumn, '+kubebuilder:printcolumn:name="a" type=b,JSONPath=c').message).toMatch(/expected comma, got "type"/);
    expect(syntaxError(printcolumn, '+kubebuilder:printcolumn:name=a,type=b,JSONPath=c,').message).toMatch(/expected argument name/);
  });

  it('reports a missing equals sign', () => {
    expect(syntaxError(printcolumn, '+kubebuilder:printcolumn:name=a,type:b').message).toMatch(/expected "=" after argument "type"/);
  });

  it('parses slice arguments written with semicolons inside named arguments', () => {
    const rbac: MarkerDefinition = {
      name: 'kubebuilder:rbac',
      target: 'package',
      args: { groups: { type: { slice: 'string' }, optional: true }, resources: { type: { slice: 'string' }, optional: true }, verbs: { type: { slice: 'string' } } },
    };
    expect(parseMarker(rbac, '+kubebuilder:rbac:groups=apps,resources=deployments;deployments/status,verbs=get;list')).toEqual({
      groups: ['apps'],
      resources: ['deployments', 'deployments/status'],
      verbs: ['get', 'list'],
    });
  });
});

describe('empty and anonymous markers', () => {
  it('gives true for an empty marker and rejects arguments to it', () => {
    const def: MarkerDefinition = { name: 'kubebuilder:subresource:status', target: 'type' };
    expect(parseMarker(def, '+kubebuilder:subresource:status')).toBe(true);
    expect(syntaxError(def, '+kubebuilder:subresource:status=1').message).toMatch(/extra arguments provided: "1"/);
  });

  it('requires the value of a required anonymous marker and accepts an optional one bare', () => {
    expect(syntaxError(anon('int'), '+test:value').message).toMatch(/missing value: expected int/);
    expect(parseMarker({ name: 'x', target: 'type', value: { type: 'bool', optional: true } }, '+x')).toBe(true);
  });

  it('reads a string given `=` and nothing after it as the empty string (`+groupName=`, the core group)', () => {
    const groupName: MarkerDefinition = { name: 'groupName', target: 'package', value: { type: 'string' } };
    expect(parseMarker(groupName, '+groupName=')).toBe('');
    expect(parseMarker(groupName, 'groupName=')).toBe('');
    expect(parseMarker(groupName, '+groupName=batch.my.domain')).toBe('batch.my.domain');
    expect(syntaxError(groupName, '+groupName').message).toMatch(/missing value: expected string/);
    expect(parseMarker({ ...groupName, value: { type: 'string', optional: true } }, '+groupName=')).toBe('');
    expect(parseMarker({ ...groupName, value: { type: 'string', optional: true } }, '+groupName')).toBe(true);
    expect(syntaxError(anon('int'), '+test:value=').message).toMatch(/missing value: expected int/);
    expect(splitMarker('+groupName=')).toMatchObject({ name: 'groupName', fields: '', hasEquals: true });
    expect(splitMarker('+groupName')).toMatchObject({ name: 'groupName', fields: '', hasEquals: false });
  });

  it('reports extra text after an anonymous value', () => {
    const e = syntaxError(anon('int'), '+test:value=10,11');
    expect(e.message).toMatch(/extra arguments provided: ",11"/);
  });
});

describe('number edge cases', () => {
  it('rejects integers controller-gen cannot read', () => {
    expect(syntaxError(anon('int'), '+test:value=1_000').message).toMatch(/unable to parse integer "1_000"/);
    expect(syntaxError(anon('int'), '+test:value=0x10').message).toMatch(/unable to parse integer "0x10"/);
    expect(syntaxError(anon('number'), '+test:value=1e').message).toMatch(/exponent has no digits/);
  });

  it('treats a number followed by more text as a string when guessing', () => {
    const def = anon('any', 'kubebuilder:example');
    expect(parseMarker(def, '+kubebuilder:example=10.0.0.1')).toBe('10.0.0.1');
    expect(parseMarker(def, '+kubebuilder:example=-5m')).toBe('-5m');
    expect(parseMarker(def, "+kubebuilder:example='single'")).toBe("'single'");
  });
});

describe('long numbers are read in linear time', () => {
  // 200,000 digits: the quadratic scan took 41 s for 100,000 (four times that here), past the test timeout.
  const digits = '1'.repeat(200_000);

  it('a malformed number of 200,000 digits is an error quoting its start', () => {
    for (const text of [`${digits}_`, `1${'_1'.repeat(100_000)}`, `-${digits}_2`]) {
      const e = syntaxError(anon('number'), `+test:value=${text}`);
      expect(e.message).toContain(`unable to parse number ${JSON.stringify(`${text.slice(0, 40)}…`)}`);
    }
    expect(syntaxError(anon('int'), `+test:value=${digits}_`).message).toContain('unable to parse integer "1111');
  });

  it('numbers out of Go\'s range are errors (strconv: int64, finite float64), not Infinity', () => {
    expect(syntaxError(anon('int'), `+test:value=${digits}`).message).toContain('value out of range');
    expect(syntaxError(anon('number'), `+test:value=${digits}`).message).toContain('value out of range');
    expect(syntaxError(anon('number'), `+test:value=-${digits}e5`).message).toContain('value out of range');
    expect(syntaxError(anon('any'), `+test:value=${digits}`).message).toContain('value out of range');
    expect(parseMarker(anon('int'), '+test:value=9223372036854775807')).toBe(2 ** 63); // int64's maximum as a JavaScript number (9223372036854775807 rounds to 2^63)
    expect(parseMarker(anon('int'), '+test:value=-9223372036854775808')).toBe(-9223372036854775808);
    expect(syntaxError(anon('int'), '+test:value=9223372036854775808').message).toContain('value out of range');
    expect(parseMarker(anon('number'), `+test:value=0.${digits}`)).toBeCloseTo(1 / 9, 12);
    expect(parseMarker(anon('int'), `+test:value=${'0'.repeat(200_000)}7`)).toBe(7);
  });
});

describe('quirks kept from controller-gen', () => {
  it('reads an empty value at the end as an empty string', () => {
    const def: MarkerDefinition = { name: 'x', target: 'type', args: { a: { type: 'string' }, b: { type: 'string', optional: true } } };
    expect(parseMarker(def, '+x:a=')).toEqual({ a: '' });
  });

  it('lets later arguments override earlier ones of the same name', () => {
    const def: MarkerDefinition = { name: 'x', target: 'type', args: { a: { type: 'int' } } };
    expect(parseMarker(def, '+x:a=1,a=2')).toEqual({ a: 2 });
  });
});

describe('markers as kubebuilder projects write them', () => {
  const str = { type: 'string' } as const;
  const opt = (type: ArgType) => ({ type, optional: true });
  const printcolumn: MarkerDefinition = {
    name: 'kubebuilder:printcolumn',
    target: 'type',
    args: { name: str, type: str, JSONPath: str, description: opt('string'), format: opt('string'), priority: opt('int') },
  };
  const resource: MarkerDefinition = {
    name: 'kubebuilder:resource',
    target: 'type',
    args: { path: opt('string'), shortName: opt({ slice: 'string' }), categories: opt({ slice: 'string' }), singular: opt('string'), scope: opt('string') },
  };

  it('reads a JSONPath filter with escaped quotes', () => {
    expect(parseMarker(printcolumn, '+kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type==\\"Ready\\")].status"')).toEqual({
      name: 'Ready',
      type: 'string',
      JSONPath: '.status.conditions[?(@.type=="Ready")].status',
    });
  });

  it('reads resource settings with brace and semicolon lists', () => {
    expect(parseMarker(resource, '+kubebuilder:resource:path=foos,scope=Cluster,shortName={f,fo},categories=all;mine')).toEqual({
      path: 'foos',
      scope: 'Cluster',
      shortName: ['f', 'fo'],
      categories: ['all', 'mine'],
    });
  });

  it('reads a raw-string pattern with backslashes and an enum with a quoted member', () => {
    expect(parseMarker(anon('string', 'kubebuilder:validation:Pattern'), '+kubebuilder:validation:Pattern=`^\\d{4}-[a-z]+$`')).toBe('^\\d{4}-[a-z]+$');
    expect(parseMarker(anon({ slice: 'any' }, 'kubebuilder:validation:Enum'), '+kubebuilder:validation:Enum=Allow;Forbid;"Replace all";1')).toEqual(['Allow', 'Forbid', 'Replace all', 1]);
  });

  it('reads CEL rules with commas and quotes inside', () => {
    const xv: MarkerDefinition = { name: 'kubebuilder:validation:XValidation', target: 'field', args: { rule: str, message: opt('string'), reason: opt('string') } };
    expect(parseMarker(xv, "+kubebuilder:validation:XValidation:rule=\"self.all(x, x in ['a', 'b'])\",message=\"only a, b\",reason=FieldValueInvalid")).toEqual({
      rule: "self.all(x, x in ['a', 'b'])",
      message: 'only a, b',
      reason: 'FieldValueInvalid',
    });
  });
});
