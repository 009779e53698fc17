#!/bin/sh
# The scaffolder commands that produced this project, in order. Re-run them in an empty folder
# to get the scaffolding back (without the hand-written controller and tests):
#   mkdir /tmp/labeler && cd /tmp/labeler && sh /path/to/scaffolder/examples/pod-labeler/scaffold.sh
# SCAFFOLDER overrides how the CLI is called (default: this checkout's bin/scaffolder.js).
set -eu
checkout=$(cd "$(dirname "$0")/../.." && pwd)
scaffolder=${SCAFFOLDER:-"node $checkout/bin/scaffolder.js"}

# As in the write-up (operator-sdk init --domain=weiliang.io): a controller for core/v1 Pods and
# no API of its own, so no CRD.
$scaffolder init --domain weiliang.io --project-name pod-labeler --install=false
$scaffolder create api --group core --version v1 --kind Pod --controller=true --resource=false

# The project depends on the generating checkout through a file: path; keep it relative so that
# the repository works from any clone.
npm pkg set "dependencies.scaffolder=file:$(realpath --relative-to="$PWD" "$checkout")"
