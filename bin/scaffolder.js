#!/usr/bin/env node
// The published entry point: runs the compiled CLI (npm's `prepare` builds dist/ on install).
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
