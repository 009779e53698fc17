/** The corpus, one area per recorded file. */
import type { Scenario } from '../scenario.js';
import { crud } from './crud.js';

export interface Area {
  name: string;
  scenarios: Scenario[];
}

export const areas: Area[] = [{ name: 'crud', scenarios: crud }];
