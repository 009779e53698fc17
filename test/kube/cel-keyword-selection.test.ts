/**
 * Fields selected by names CEL's lexer makes keywords (`self.in`, `has(self.true)`): the errors
 * cel-go reports, word for word. Each expected text was recorded from cel-go v0.26.0's parser, the
 * one kube-apiserver 1.36 compiles rules with (the corpus on kube-apiserver checks the common
 * shapes live: test/apiextensions/validation/kube-apiserver.slow.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { CelSyntaxError, displayIssues, parseRule } from '../../src/kube/cel/checker.js';

/** What a rule's parse reports, as kube-apiserver displays it. */
function parseErrors(rule: string): string {
  try {
    parseRule(rule);
  } catch (err) {
    if (err instanceof CelSyntaxError) return displayIssues(err.source, err.issues);
    throw err;
  }
  return 'parsed';
}

const CEL_GO: [string, string][] = [
  ["!has(self.in)", "ERROR: <input>:1:6: invalid argument to has() macro\n | !has(self.in)\n | .....^\nERROR: <input>:1:11: Syntax error: no viable alternative at input '.in'\n | !has(self.in)\n | ..........^\nERROR: <input>:1:13: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | !has(self.in)\n | ............^"],
  ["self.in", "ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'\n | self.in\n | .....^\nERROR: <input>:1:8: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.in\n | .......^"],
  ["self.in == 'a'", "ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'\n | self.in == 'a'\n | .....^\nERROR: <input>:1:9: Syntax error: extraneous input '==' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.in == 'a'\n | ........^"],
  ["self.in.size() > 0", "ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'\n | self.in.size() > 0\n | .....^"],
  ["has(self.true)", "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self.true)\n | ....^\nERROR: <input>:1:10: Syntax error: mismatched input 'true' expecting IDENTIFIER\n | has(self.true)\n | .........^"],
  ["!has(self.null)", "ERROR: <input>:1:6: invalid argument to has() macro\n | !has(self.null)\n | .....^\nERROR: <input>:1:11: Syntax error: mismatched input 'null' expecting IDENTIFIER\n | !has(self.null)\n | ..........^"],
  ["self.false == 1", "ERROR: <input>:1:6: Syntax error: mismatched input 'false' expecting IDENTIFIER\n | self.false == 1\n | .....^"],
  ["has(self.a.in)", "ERROR: <input>:1:12: Syntax error: no viable alternative at input '.in'\n | has(self.a.in)\n | ...........^\nERROR: <input>:1:14: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | has(self.a.in)\n | .............^"],
  ["has((self).in)", "ERROR: <input>:1:6: invalid argument to has() macro\n | has((self).in)\n | .....^\nERROR: <input>:1:12: Syntax error: no viable alternative at input '.in'\n | has((self).in)\n | ...........^\nERROR: <input>:1:14: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | has((self).in)\n | .............^"],
  ["has(self.in.x)", "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self.in.x)\n | ....^\nERROR: <input>:1:10: Syntax error: no viable alternative at input '.in'\n | has(self.in.x)\n | .........^\nERROR: <input>:1:14: Syntax error: extraneous input ')' expecting <EOF>\n | has(self.in.x)\n | .............^"],
  ["self.in || self.true", "ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'\n | self.in || self.true\n | .....^\nERROR: <input>:1:9: Syntax error: extraneous input '||' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.in || self.true\n | ........^\nERROR: <input>:1:17: Syntax error: mismatched input 'true' expecting IDENTIFIER\n | self.in || self.true\n | ................^"],
  ["self.in ? 1 : 2", "ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'\n | self.in ? 1 : 2\n | .....^\nERROR: <input>:1:9: Syntax error: extraneous input '?' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.in ? 1 : 2\n | ........^\nERROR: <input>:1:13: Syntax error: mismatched input ':' expecting <EOF>\n | self.in ? 1 : 2\n | ............^"],
  ["f(self.in, 1)", "ERROR: <input>:1:8: Syntax error: no viable alternative at input '.in'\n | f(self.in, 1)\n | .......^\nERROR: <input>:1:10: Syntax error: extraneous input ',' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | f(self.in, 1)\n | .........^\nERROR: <input>:1:13: Syntax error: extraneous input ')' expecting <EOF>\n | f(self.in, 1)\n | ............^"],
  ["{\"a\": self.in}", "ERROR: <input>:1:12: Syntax error: no viable alternative at input '.in'\n | {\"a\": self.in}\n | ...........^\nERROR: <input>:1:14: Syntax error: mismatched input '}' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | {\"a\": self.in}\n | .............^"],
  ["a && f(g(self.in))", "ERROR: <input>:1:15: Syntax error: no viable alternative at input '.in'\n | a && f(g(self.in))\n | ..............^\nERROR: <input>:1:17: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | a && f(g(self.in))\n | ................^\nERROR: <input>:1:18: Syntax error: extraneous input ')' expecting <EOF>\n | a && f(g(self.in))\n | .................^"],
  ["a + f(self.in) * 2", "ERROR: <input>:1:12: Syntax error: no viable alternative at input '.in'\n | a + f(self.in) * 2\n | ...........^\nERROR: <input>:1:14: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | a + f(self.in) * 2\n | .............^"],
  ["a.b(self.in)", "ERROR: <input>:1:10: Syntax error: no viable alternative at input '.in'\n | a.b(self.in)\n | .........^\nERROR: <input>:1:12: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | a.b(self.in)\n | ...........^"],
  ["self.a.exists(x, has(x.in))", "ERROR: <input>:1:22: invalid argument to has() macro\n | self.a.exists(x, has(x.in))\n | .....................^\nERROR: <input>:1:24: Syntax error: no viable alternative at input '.in'\n | self.a.exists(x, has(x.in))\n | .......................^\nERROR: <input>:1:26: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.a.exists(x, has(x.in))\n | .........................^\nERROR: <input>:1:27: Syntax error: extraneous input ')' expecting <EOF>\n | self.a.exists(x, has(x.in))\n | ..........................^"],
  ["has(self.in) ? 1 : 2", "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self.in) ? 1 : 2\n | ....^\nERROR: <input>:1:10: Syntax error: no viable alternative at input '.in'\n | has(self.in) ? 1 : 2\n | .........^\nERROR: <input>:1:12: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | has(self.in) ? 1 : 2\n | ...........^"],
  ["has(self.a.true)", "ERROR: <input>:1:12: Syntax error: mismatched input 'true' expecting IDENTIFIER\n | has(self.a.true)\n | ...........^"],
  ["has(self.in.x) || a", "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self.in.x) || a\n | ....^\nERROR: <input>:1:10: Syntax error: no viable alternative at input '.in'\n | has(self.in.x) || a\n | .........^\nERROR: <input>:1:14: Syntax error: mismatched input ')' expecting <EOF>\n | has(self.in.x) || a\n | .............^"],
  ["has(self.f().in)", "ERROR: <input>:1:11: invalid argument to has() macro\n | has(self.f().in)\n | ..........^\nERROR: <input>:1:14: Syntax error: no viable alternative at input '.in'\n | has(self.f().in)\n | .............^\nERROR: <input>:1:16: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | has(self.f().in)\n | ...............^"],
  ["has(self[0].in)", "ERROR: <input>:1:9: invalid argument to has() macro\n | has(self[0].in)\n | ........^\nERROR: <input>:1:13: Syntax error: no viable alternative at input '.in'\n | has(self[0].in)\n | ............^\nERROR: <input>:1:15: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | has(self[0].in)\n | ..............^"],
  ["has(x[0].true)", "ERROR: <input>:1:6: invalid argument to has() macro\n | has(x[0].true)\n | .....^\nERROR: <input>:1:10: Syntax error: mismatched input 'true' expecting IDENTIFIER\n | has(x[0].true)\n | .........^"],
  ["self.in in self.in", "ERROR: <input>:1:6: Syntax error: no viable alternative at input '.in'\n | self.in in self.in\n | .....^\nERROR: <input>:1:9: Syntax error: extraneous input 'in' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.in in self.in\n | ........^\nERROR: <input>:1:17: Syntax error: no viable alternative at input '.in'\n | self.in in self.in\n | ................^\nERROR: <input>:1:19: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.in in self.in\n | ..................^"],
  ["has(self.null.x)", "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self.null.x)\n | ....^\nERROR: <input>:1:10: Syntax error: mismatched input 'null' expecting IDENTIFIER\n | has(self.null.x)\n | .........^"],
  ["self.items.all(i, !has(i.in) || i.in.size() > 0)", "ERROR: <input>:1:24: invalid argument to has() macro\n | self.items.all(i, !has(i.in) || i.in.size() > 0)\n | .......................^\nERROR: <input>:1:26: Syntax error: no viable alternative at input '.in'\n | self.items.all(i, !has(i.in) || i.in.size() > 0)\n | .........................^\nERROR: <input>:1:28: Syntax error: mismatched input ')' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.items.all(i, !has(i.in) || i.in.size() > 0)\n | ...........................^\nERROR: <input>:1:35: Syntax error: no viable alternative at input '.in'\n | self.items.all(i, !has(i.in) || i.in.size() > 0)\n | ..................................^\nERROR: <input>:1:48: Syntax error: extraneous input ')' expecting <EOF>\n | self.items.all(i, !has(i.in) || i.in.size() > 0)\n | ...............................................^"],
  ["a[self.in]", "ERROR: <input>:1:8: Syntax error: no viable alternative at input '.in'\n | a[self.in]\n | .......^\nERROR: <input>:1:10: Syntax error: mismatched input ']' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | a[self.in]\n | .........^"],
  ["[1, self.in]", "ERROR: <input>:1:10: Syntax error: no viable alternative at input '.in'\n | [1, self.in]\n | .........^\nERROR: <input>:1:12: Syntax error: mismatched input ']' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | [1, self.in]\n | ...........^"],
];

describe("a field selected by a keyword's name", () => {
  it.each(CEL_GO)('%s: the errors cel-go reports', (rule, expected) => {
    expect(parseErrors(rule)).toBe(expected);
  });

  it('the other reserved words select fields as they are, and every one may be escaped', () => {
    for (const word of ['as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']) {
      expect(parseErrors(`has(self.${word}) && self.${word} == 'x'`)).toBe('parsed');
    }
    for (const word of ['in', 'true', 'false', 'null']) expect(parseErrors(`has(self.__${word}__) && self.__${word}__ == 'x'`)).toBe('parsed');
  });

  it('another syntax error in the rule: the first error, as before', () => {
    expect(parseErrors('has(self.in')).toBe("ERROR: <input>:1:10: Syntax error: reserved keyword\n | has(self.in\n | .........^");
  });
});
