#!/bin/sh
# The scaffolder commands that produced this project, in order. Re-run them in an empty folder
# to get the scaffolding back (without the hand-written types, controller and tests):
#   mkdir /tmp/sample && cd /tmp/sample && sh /path/to/scaffolder/examples/sample-controller/scaffold.sh
# SCAFFOLDER overrides how the CLI is called (default: this checkout's bin/scaffolder.js).
set -eu
checkout=$(cd "$(dirname "$0")/../.." && pwd)
scaffolder=${SCAFFOLDER:-"node $checkout/bin/scaffolder.js"}

# Kubernetes' sample-controller serves Foo in samplecontroller.k8s.io/v1alpha1.
$scaffolder init --domain k8s.io --project-name sample-controller --install=false
$scaffolder create api --group samplecontroller --version v1alpha1 --kind Foo --resource --controller

# The project depends on the generating checkout through a file: path; keep it relative so that
# the repository works from any clone.
npm pkg set "dependencies.scaffolder=file:$(realpath --relative-to="$PWD" "$checkout")"
