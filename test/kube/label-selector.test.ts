import { describe, expect, it } from 'vitest';
import { formatLabelSelector, fromLabelSelectorObject, parseLabelSelector } from '../../src/kube/label-selector.js';

describe('formatLabelSelector (labels.Selector String())', () => {
  it('orders requirements by key, not by their text, as Go sorts them', () => {
    // As text, "app-x=1" sorts before "app=web" ('-' < '='); by key, "app" comes first.
    const selector = fromLabelSelectorObject({ matchLabels: { 'app-x': '1', app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }, { key: 'debug', operator: 'DoesNotExist' }] });
    expect(formatLabelSelector(selector)).toBe('app=web,app-x=1,!debug,tier in (a,b)');
  });

  it('prints nothing for an empty selector', () => {
    expect(formatLabelSelector(fromLabelSelectorObject({}))).toBe('');
  });
});

describe('parseLabelSelector (labels.Parse)', () => {
  const error = (selector: string) => {
    try {
      parseLabelSelector(selector);
    } catch (err) {
      return (err as Error).message;
    }
    return undefined;
  };

  it('reads the string form into requirements sorted by key, with in/notin as values where a value goes', () => {
    expect(parseLabelSelector('tier in (b,a,b), !debug, app==in, zone')).toEqual([
      { key: 'app', operator: '=', values: ['in'] },
      { key: 'debug', operator: '!', values: [] },
      { key: 'tier', operator: 'in', values: ['a', 'b'] },
      { key: 'zone', operator: 'exists', values: [] },
    ]);
    expect(parseLabelSelector('a in (),b=')).toEqual([
      { key: 'a', operator: 'in', values: [''] },
      { key: 'b', operator: '=', values: [''] },
    ]);
  });

  it('words a selector it cannot read as Go\'s lexer and parser do', () => {
    expect(error('a in (b')).toBe("unable to parse requirement: found '', expected: ',' or ')'");
    expect(error('a b')).toBe("unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
    expect(error('a in b')).toBe("unable to parse requirement: found 'b' expected: '('");
    expect(error('a,')).toBe("found '', expected: identifier after ','");
    expect(error(',a')).toBe("found ',', expected: !, identifier, or 'end of string'");
    expect(error('!a=b')).toBe("found '=', expected: ',' or 'end of string'");
  });

  it('checks keys and values as labels.NewRequirement does, with its field paths', () => {
    expect(error('-a=b')).toMatch(/^unable to parse requirement: <nil>: Invalid value: "-a": name part must consist of alphanumeric characters/);
    expect(error('a=-b')).toMatch(/^unable to parse requirement: values\[0\]\[a\]: Invalid value: "-b": a valid label must be an empty string/);
    expect(error('a>x')).toBe("unable to parse requirement: values[0]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer");
  });
});
