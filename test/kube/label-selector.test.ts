import { describe, expect, it } from 'vitest';
import { formatLabelSelector, fromLabelSelectorObject } from '../../src/kube/label-selector.js';

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
