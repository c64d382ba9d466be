#!/usr/bin/env bash
# Creates or updates Nova's operations resources in one Google Cloud project with gcloud: the
# tools' log-based metrics (ops/metrics), dashboard (ops/dashboards) and alert policies (ops/alerts),
# and the Nova agent's beside them (ops/agent/metrics, ops/agent/dashboards, ops/agent/alerts). Idempotent: each resource is looked up first, then updated (replaced by the file)
# or created. --dry-run prints the gcloud commands instead of running them (no gcloud needed).
set -euo pipefail

usage() {
  cat <<'USAGE'
scripts/ops/apply.sh PROJECT_ID [--dry-run] [--channels CHANNEL[,CHANNEL...]]

  PROJECT_ID   the Firebase / Google Cloud project the functions are deployed to
  --dry-run    print the commands (describe, then update or create) without running gcloud
  --channels   notification channels for every alert policy, as full names
               (projects/PROJECT_ID/notificationChannels/ID; `gcloud beta monitoring channels list`)
USAGE
}

PROJECT=""
DRY_RUN=0
CHANNELS=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --channels) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; CHANNELS="$2"; shift ;;
    --channels=*) CHANNELS="${1#--channels=}" ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
    *) [[ -z "$PROJECT" ]] || { echo "one PROJECT_ID only" >&2; exit 2; }; PROJECT="$1" ;;
  esac
  shift
done
# Google's project id rule: 6-30 lowercase letters, digits and hyphens, starting with a letter.
if [[ ! "$PROJECT" =~ ^[a-z][a-z0-9-]{4,28}[a-z0-9]$ ]]; then
  echo "PROJECT_ID is required (6-30 lowercase letters, digits or hyphens): got '${PROJECT}'" >&2
  usage >&2
  exit 2
fi
if [[ -n "$CHANNELS" && ! "$CHANNELS" =~ ^projects/[a-z0-9-]+/notificationChannels/[0-9]+(,projects/[a-z0-9-]+/notificationChannels/[0-9]+)*$ ]]; then
  echo "--channels wants projects/PROJECT/notificationChannels/ID, comma-separated" >&2
  exit 2
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OPS="$ROOT/ops"
if [[ $DRY_RUN -eq 0 ]] && ! command -v gcloud >/dev/null; then
  echo "gcloud is not on PATH (https://cloud.google.com/sdk/docs/install); --dry-run shows what would run" >&2
  exit 1
fi
WORK="$(mktemp -d "${TMPDIR:-/tmp}/nova-ops.XXXXXX")"
# A dry run keeps the files it prepared (the dashboard with its name, policies with channels) to read.
if [[ $DRY_RUN -eq 0 ]]; then trap 'rm -rf "$WORK"' EXIT; fi

# A copy of a resource file with fields set (JSON path=value pairs): the files stay project-free.
prepared() {
  local src="$1" out="$2"
  shift 2
  node -e '
    const fs = require("fs");
    const [src, out, ...sets] = process.argv.slice(1);
    const doc = JSON.parse(fs.readFileSync(src, "utf8"));
    for (const s of sets) {
      const at = s.indexOf("=");
      const key = s.slice(0, at), value = s.slice(at + 1);
      doc[key] = key === "notificationChannels" ? value.split(",").filter(Boolean) : value;
    }
    fs.writeFileSync(out, JSON.stringify(doc, null, 2) + "\n");
  ' "$src" "$out" "$@"
}

show() { printf '%-9s %s\n' "$1" "$(printf '%q ' "${@:2}" | sed 's/ $//')"; }

# Metrics first: the dashboard and the alert policies refer to their metric types.
for file in "$OPS"/metrics/*.json "$OPS"/agent/metrics/*.json; do
  name="$(basename "$file" .json)"
  describe=(gcloud logging metrics describe "$name" --project="$PROJECT" --format=value\(name\))
  update=(gcloud logging metrics update "$name" --config-from-file="$file" --project="$PROJECT")
  create=(gcloud logging metrics create "$name" --config-from-file="$file" --project="$PROJECT")
  if [[ $DRY_RUN -eq 1 ]]; then
    show describe: "${describe[@]}"; show exists: "${update[@]}"; show absent: "${create[@]}"
  elif "${describe[@]}" >/dev/null 2>&1; then
    echo "metric $name: updating"; "${update[@]}"
  else
    echo "metric $name: creating"; "${create[@]}"
  fi
done

# A dashboard's id is its file's name (nova-tools, nova-agent), so it is found again; an update
# must carry the current etag.
for file in "$OPS"/dashboards/*.json "$OPS"/agent/dashboards/*.json; do
  DASHBOARD_ID="$(basename "$file" .json)"
  name="projects/$PROJECT/dashboards/$DASHBOARD_ID"
  prepared "$file" "$WORK/dashboard-$DASHBOARD_ID-create.json" "name=$name"
  describe=(gcloud monitoring dashboards describe "$DASHBOARD_ID" --project="$PROJECT" --format=value\(etag\))
  create=(gcloud monitoring dashboards create --config-from-file="$WORK/dashboard-$DASHBOARD_ID-create.json" --project="$PROJECT")
  update=(gcloud monitoring dashboards update "$DASHBOARD_ID" --config-from-file="$WORK/dashboard-$DASHBOARD_ID-update.json" --project="$PROJECT")
  if [[ $DRY_RUN -eq 1 ]]; then
    prepared "$file" "$WORK/dashboard-$DASHBOARD_ID-update.json" "name=$name" "etag=ETAG_FROM_DESCRIBE"
    show describe: "${describe[@]}"
    show exists: "${update[@]}"
    show absent: "${create[@]}"
  elif etag="$("${describe[@]}" 2>/dev/null)" && [[ -n "$etag" ]]; then
    prepared "$file" "$WORK/dashboard-$DASHBOARD_ID-update.json" "name=$name" "etag=$etag"
    echo "dashboard $DASHBOARD_ID: updating"; "${update[@]}"
  else
    echo "dashboard $DASHBOARD_ID: creating"; "${create[@]}"
  fi
done

# Alert policies get ids from the API: they are found again by their display name, which the
# files keep unique. Two policies with one name would be ambiguous, so the script stops there.
for file in "$OPS"/alerts/*.json "$OPS"/agent/alerts/*.json; do
  display="$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).displayName)' "$file")"
  policy="$WORK/alert-$(basename "$file")"
  if [[ -n "$CHANNELS" ]]; then prepared "$file" "$policy" "notificationChannels=$CHANNELS"; else cp "$file" "$policy"; fi
  list=(gcloud monitoring policies list --project="$PROJECT" --filter="displayName=\"$display\"" --format=value\(name\))
  create=(gcloud monitoring policies create --policy-from-file="$policy" --project="$PROJECT")
  if [[ $DRY_RUN -eq 1 ]]; then
    show describe: "${list[@]}"
    show exists: gcloud monitoring policies update "POLICY_NAME_FROM_LIST" --policy-from-file="$policy" --project="$PROJECT"
    show absent: "${create[@]}"
    continue
  fi
  names="$("${list[@]}")"
  count="$(grep -c . <<<"$names" || true)"
  if [[ "$count" -eq 0 ]]; then
    echo "alert policy \"$display\": creating"; "${create[@]}"
  elif [[ "$count" -eq 1 ]]; then
    echo "alert policy \"$display\": updating $names"
    gcloud monitoring policies update "$names" --policy-from-file="$policy" --project="$PROJECT"
  else
    echo "alert policy \"$display\": $count policies have this name; delete the extra ones, then run again:" >&2
    echo "$names" >&2
    exit 1
  fi
done

if [[ $DRY_RUN -eq 1 ]]; then
  echo "# dry run: nothing was changed; the prepared files are in $WORK"
else
  for id in nova-tools nova-agent; do
    echo "Dashboard: https://console.cloud.google.com/monitoring/dashboards/custom/$id?project=$PROJECT"
  done
fi
