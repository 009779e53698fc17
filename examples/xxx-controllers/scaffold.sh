#!/bin/sh
# The scaffolder commands that produced this project, in order. Re-run them in an empty folder
# to get the scaffolding back (without the hand-written types, controller and tests):
#   mkdir /tmp/xxx && cd /tmp/xxx && sh /path/to/scaffolder/examples/xxx-controllers/scaffold.sh
# SCAFFOLDER overrides how the CLI is called (default: this checkout's bin/scaffolder.js).
set -eu
checkout=$(cd "$(dirname "$0")/../.." && pwd)
scaffolder=${SCAFFOLDER:-"node $checkout/bin/scaffolder.js"}

$scaffolder init --domain inspur.com --project-name xxx-controllers --install=false
$scaffolder create api --group test --version v1alpha1 --kind Xxx --resource --controller

# The project depends on the generating checkout through a file: path; keep it relative so that
# the repository works from any clone.
npm pkg set "dependencies.scaffolder=file:$(node -e 'console.log(require("path").relative(process.cwd(), process.argv[1]) || ".")' "$checkout")"
