#!/usr/bin/env bash
# Creates the functions' runtime service account with read-only Firestore access
# (docs/security.md, layer 4), then checks it with `npm run check:iam`.
#
#   scripts/iam/create-service-account.sh PROJECT_ID [DEPLOYER_MEMBER]
#
# DEPLOYER_MEMBER (e.g. user:you@example.com or serviceAccount:ci@PROJECT.iam.gserviceaccount.com)
# gets roles/iam.serviceAccountUser on this account only, which `firebase deploy` needs to attach
# it to the functions. Without it, grant that yourself.
#
# The account gets exactly two project roles:
#   roles/datastore.viewer   read Firestore (no create/update/delete, no import, no index changes)
#   roles/logging.logWriter  write the per-call trace entries
# A 2nd-gen function needs nothing else from its runtime account to run: Cloud Run pulls the image
# with its own service agent, the callable SDK verifies ID tokens with Google's public keys, and
# invokers are granted on the service by `firebase deploy`. The pseudonym secret's accessor
# binding is granted on that one secret (by firebase deploy, and below if the secret exists), not
# on the project. Idempotent: re-running adds nothing twice. It never removes roles: if the account
# already holds others, the check at the end fails and names them.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || -z "${1:-}" ]]; then
  echo "usage: $0 PROJECT_ID [DEPLOYER_MEMBER]" >&2
  exit 2
fi
PROJECT_ID="$1"
DEPLOYER="${2:-}"
# Must match FUNCTIONS_SERVICE_ACCOUNT_ID in functions/src/callable/service-account.ts.
SA_ID="nova-tools"
SA_EMAIL="${SA_ID}@${PROJECT_ID}.iam.gserviceaccount.com"
ROLES=(roles/datastore.viewer roles/logging.logWriter)
SECRET="NOVA_PSEUDONYM_KEY"

if gcloud iam service-accounts describe "$SA_EMAIL" --project "$PROJECT_ID" >/dev/null 2>&1; then
  echo "service account $SA_EMAIL exists"
else
  gcloud iam service-accounts create "$SA_ID" --project "$PROJECT_ID" \
    --display-name "Nova tools (read-only runtime)" \
    --description "Runtime identity of the Nova tools functions: reads Firestore, writes logs, nothing else."
fi

for role in "${ROLES[@]}"; do
  gcloud projects add-iam-policy-binding "$PROJECT_ID" --member "serviceAccount:${SA_EMAIL}" --role "$role" --condition None --quiet >/dev/null
  echo "granted $role"
done

if gcloud secrets describe "$SECRET" --project "$PROJECT_ID" >/dev/null 2>&1; then
  gcloud secrets add-iam-policy-binding "$SECRET" --project "$PROJECT_ID" --member "serviceAccount:${SA_EMAIL}" --role roles/secretmanager.secretAccessor --quiet >/dev/null
  echo "granted roles/secretmanager.secretAccessor on secret $SECRET only"
else
  echo "secret $SECRET not found: create it (docs/operations.md); firebase deploy grants the account access to it"
fi

if [[ -n "$DEPLOYER" ]]; then
  gcloud iam service-accounts add-iam-policy-binding "$SA_EMAIL" --project "$PROJECT_ID" --member "$DEPLOYER" --role roles/iam.serviceAccountUser --quiet >/dev/null
  echo "granted $DEPLOYER roles/iam.serviceAccountUser on $SA_EMAIL only"
fi

cd "$(dirname "$0")/../.."
exec npm run --silent check:iam -- --project "$PROJECT_ID"
