import { describe, expect, it } from 'vitest';
import { crdDefaultPlural, isUpper, isWordChar, pluralize, resourcePlural } from '../../src/kube/plural.js';

// Plurals as kubebuilder (gobuffalo/flect v1, on the lower-cased kind) makes them.
const cases: Array<[string, string]> = [
  ['CronJob', 'cronjobs'],
  ['Xxx', 'xxxes'],
  ['Policy', 'policies'],
  ['Ingress', 'ingresses'],
  ['Captain', 'captains'],
  ['FirstMate', 'firstmates'],
  ['Admiral', 'admirals'], // kubebuilder's testdata passes --plural=admirales explicitly
  ['Memcached', 'memcacheds'],
  ['Guestbook', 'guestbooks'],
  ['Person', 'people'],
  ['Child', 'children'],
  ['Index', 'indices'],
  ['Matrix', 'matrices'],
  ['Status', 'statuses'],
  ['Bus', 'buses'],
  ['Box', 'boxes'],
  ['Leaf', 'leaves'],
  ['Knife', 'knives'],
  ['Wolf', 'wolves'],
  ['Day', 'days'],
  ['Key', 'keys'],
  ['Potato', 'potatoes'],
  ['Photo', 'photos'],
  ['Radio', 'radios'],
  ['Database', 'databases'],
  ['Analysis', 'analyses'],
  ['Quiz', 'quizzes'],
  ['Sheep', 'sheep'],
  ['Redis', 'redis'],
  ['Datum', 'data'],
  ['Criterion', 'criteria'],
  ['Foot', 'feet'],
  ['Mouse', 'mice'],
  ['House', 'houses'],
  ['Movie', 'movies'],
  ['Hive', 'hives'],
  ['Branch', 'branches'],
  ['Dish', 'dishes'],
  ['Topaz', 'topazes'],
  ['Man', 'men'],
  ['Human', 'humans'],
  ['Deployment', 'deployments'],
  ['Hero', 'heroes'],
  ['Echo', 'echoes'],
  ['Shelf', 'shelves'],
  ['Wolf', 'wolves'],
  ['Thief', 'thieves'],
  ['Cactus', 'cacti'],
  ['Cactuses', 'cactuses'],
  ['Dwarf', 'dwarfs'],
  ['Zoo', 'zoos'],
  ['Ox', 'oxen'],
];

describe('resourcePlural (create api)', () => {
  it.each(cases)('%s -> %s', (kind, plural) => {
    expect(resourcePlural(kind)).toBe(plural);
  });
});

// controller-gen pluralizes the CamelCase kind and lower-cases the result; flect looks only at the
// last word, so for every kind above both agree ...
describe('crdDefaultPlural (controller-gen)', () => {
  it.each(cases)('%s -> %s', (kind, plural) => {
    expect(crdDefaultPlural(kind)).toBe(plural);
  });

  // ... but not when the last word alone is a dictionary word the whole lower-cased kind is not.
  it.each([
    ['BigOx', 'bigoxes', 'bigoxen'],
    ['MyAlias', 'myalias', 'myaliases'],
    ['BlueMan', 'bluemen', 'bluemen'],
  ])('%s: create api %s, controller-gen %s', (kind, created, crd) => {
    expect(resourcePlural(kind)).toBe(created);
    expect(crdDefaultPlural(kind)).toBe(crd);
  });
});

describe('pluralize (flect) on identifiers', () => {
  it.each([
    ['CronJob', 'CronJobs'],
    ['FirstMate', 'FirstMates'],
    ['DataMan', 'DataMen'],
    ['user_person', 'user_people'],
    ['Thief', 'Thieves'],
    ['ID', 'IDs'],
    ['', ''],
  ])('%s -> %s', (word, plural) => {
    expect(pluralize(word)).toBe(plural);
  });
});

describe('the character classes that split an identifier into words', () => {
  // ASCII characters are classified without the Unicode regular expressions; the answer must be theirs.
  const chars = [...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)), 'É', 'ß', 'Ж', 'ж', '٣', '«', '·', '€', '😀'];
  it.each([
    ['isUpper', isUpper, /\p{Lu}/u],
    ['isWordChar', isWordChar, /[\p{L}\p{N}\p{P}`]/u],
  ] as const)('%s agrees with its Unicode class on every ASCII character and some others', (_, classify, unicode) => {
    const disagree = chars.filter((c) => classify(c) !== unicode.test(c)).map((c) => JSON.stringify(c));
    expect(disagree).toEqual([]);
  });
});
