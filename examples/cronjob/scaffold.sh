#!/bin/sh
# The scaffolder commands that produced this project, in order: the kubebuilder book's CronJob
# tutorial, then its multi-version sequel. Re-run them in an empty folder to get the scaffolding
# back (without the hand-written types, controller, webhooks, conversion and tests):
#   mkdir /tmp/cronjob && cd /tmp/cronjob && sh /path/to/scaffolder/examples/cronjob/scaffold.sh
# SCAFFOLDER overrides how the CLI is called (default: this checkout's bin/scaffolder.js).
set -eu
checkout=$(cd "$(dirname "$0")/../.." && pwd)
scaffolder=${SCAFFOLDER:-"node $checkout/bin/scaffolder.js"}

# The CronJob tutorial: one API version with defaulting and validating webhooks.
$scaffolder init --domain tutorial.kubebuilder.io --project-name cronjob --install=false
$scaffolder create api --group batch --version v1 --kind CronJob --resource --controller
$scaffolder create webhook --group batch --version v1 --kind CronJob --defaulting --programmatic-validation

# The multi-version tutorial: v2 with a structured schedule, converted through v1 (the hub).
$scaffolder create api --group batch --version v2 --kind CronJob --resource --controller=false
$scaffolder create webhook --group batch --version v1 --kind CronJob --conversion --spoke v2
$scaffolder create webhook --group batch --version v2 --kind CronJob --defaulting --programmatic-validation

# The project depends on the generating checkout through a file: path; keep it relative so that
# the repository works from any clone.
npm pkg set "dependencies.scaffolder=file:$(node -e 'console.log(require("path").relative(process.cwd(), process.argv[1]) || ".")' "$checkout")"

# The book's CRDs carry no field descriptions (controller-gen's crd:maxDescLen=0): the manifests
# script says so, and make manifests runs that script.
npm pkg set "scripts.manifests=scaffolder manifests --strict --max-desc-len 0"
node -e 'const fs = require("fs"); fs.writeFileSync("Makefile", fs.readFileSync("Makefile", "utf8").replace("\t$(SCAFFOLDER) manifests --strict\n", "\tnpm run manifests\n"))'
