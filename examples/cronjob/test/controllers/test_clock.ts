/*
Copyright 2026 The cronjob Authors.

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

import type { Clock } from '../../src/controllers/clock.js';

/** A clock that stands still until the test moves it. */
export class TestClock implements Clock {
  constructor(private time: Date) {}

  now(): Date {
    return new Date(this.time);
  }

  set(time: Date): void {
    this.time = new Date(time);
  }
}
