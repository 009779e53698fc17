import { describe, expect, it } from 'vitest';
import { defaultPlural } from '../../src/scaffold/project/pluralize.js';

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
];

describe('defaultPlural', () => {
  it.each(cases)('%s -> %s', (kind, plural) => {
    expect(defaultPlural(kind)).toBe(plural);
  });
});
