#!/bin/sh
# The scaffolder commands that produced this project, in order. Re-run them in an empty folder
# to get the scaffolding back (without the hand-written types, controller, flags and tests):
#   mkdir /tmp/stream && cd /tmp/stream && sh /path/to/scaffolder/examples/stream-ingress/scaffold.sh
# SCAFFOLDER overrides how the CLI is called (default: this checkout's bin/scaffolder.js).
set -eu
checkout=$(cd "$(dirname "$0")/../.." && pwd)
scaffolder=${SCAFFOLDER:-"node $checkout/bin/scaffolder.js"}

# As in the write-up: kubebuilder init --domain jeffthecoder.xyz, then the StreamIngress API.
$scaffolder init --domain jeffthecoder.xyz --project-name stream-ingress --install=false
$scaffolder create api --group nginx-stream --version v1beta1 --kind StreamIngress --resource --controller

# The project depends on the generating checkout through a file: path; keep it relative so that
# the repository works from any clone.
npm pkg set "dependencies.scaffolder=file:$(realpath --relative-to="$PWD" "$checkout")"
