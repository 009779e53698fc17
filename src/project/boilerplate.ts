// The license header written at the top of every generated TypeScript file (hack/boilerplate.ts.txt).

export type License = 'apache2' | 'none';

/**
 * The year in headers: from SOURCE_DATE_EPOCH when set (the reproducible-builds convention, used
 * by the golden project), else the current year.
 */
export function headerYear(): number {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).getUTCFullYear();
  return new Date().getUTCFullYear();
}

export function defaultOwner(projectName: string): string {
  return `The ${projectName} Authors`;
}

/** The header comment, ending with a blank line, or '' for `--license none`. */
export function boilerplate(license: License, owner: string, year: number): string {
  if (license === 'none') return '';
  return `/*
Copyright ${year} ${owner}.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

`;
}
