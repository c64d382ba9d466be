#!/usr/bin/env bash
# Creates a runtime service account and grants it exactly its roles, then checks it with
# `npm run check:iam` (docs/security.md):
#   (default)  nova-tools@  the tools' functions: read-only Firestore (layer 4), log writing
#   --agent    nova-agent@  Nova's nova_ask codebase: no Firestore role at all (Nova reads data only
#                           through the tools, which bind identity from the caller's own ID token)
#
#   scripts/iam/create-service-account.sh [--agent] PROJECT_ID [DEPLOYER_MEMBER]
#
# DEPLOYER_MEMBER (e.g. user:you@example.com or serviceAccount:ci@PROJECT.iam.gserviceaccount.com)
# gets roles/iam.serviceAccountUser on this account only, which `firebase deploy` needs to attach
# it to the functions. Without it, grant that yourself.
#
# Project roles:
#   tools: roles/datastore.viewer   read Firestore (no create/update/delete, no import, no index changes)
#          roles/logging.logWriter  write the per-call trace entries
#   agent: roles/aiplatform.user    call Vertex AI models (NOVA_MODEL=vertexai/...)
#          roles/logging.logWriter  write the invocation records
# A 2nd-gen function needs nothing else from its runtime account to run: Cloud Run pulls the image
# with its own service agent, the callable SDK verifies ID tokens with Google's public keys, and
# invokers are granted on the service by `firebase deploy`. Secret access is granted on each secret
# the account uses (by firebase deploy, and below if the secret exists), not on the project.
# Idempotent: re-running adds nothing twice. It never removes roles: if the account already holds
# others, the check at the end fails and names them.
set -euo pipefail

AGENT=""
if [[ "${1:-}" == "--agent" ]]; then
  AGENT="--agent"
  shift
fi
if [[ $# -lt 1 || $# -gt 2 || -z "${1:-}" ]]; then
  echo "usage: $0 [--agent] PROJECT_ID [DEPLOYER_MEMBER]" >&2
  exit 2
fi
PROJECT_ID="$1"
DEPLOYER="${2:-}"
if [[ -z "$AGENT" ]]; then
  # Must match FUNCTIONS_SERVICE_ACCOUNT_ID in functions/src/callable/service-account.ts.
  SA_ID="nova-tools"
  DISPLAY="Nova tools (read-only runtime)"
  DESCRIPTION="Runtime identity of the Nova tools functions: reads Firestore, writes logs, nothing else."
  ROLES=(roles/datastore.viewer roles/logging.logWriter)
  SECRETS=(NOVA_PSEUDONYM_KEY)
else
  # Must match AGENT_SERVICE_ACCOUNT_ID in agent/src/config.ts.
  SA_ID="nova-agent"
  DISPLAY="Nova agent (nova_ask runtime)"
  DESCRIPTION="Runtime identity of nova_ask: calls the model and writes logs; no Firestore role."
  ROLES=(roles/aiplatform.user roles/logging.logWriter)
  # GEMINI_API_KEY is needed only for googleai/... models.
  SECRETS=(NOVA_PSEUDONYM_KEY GEMINI_API_KEY)
fi
SA_EMAIL="${SA_ID}@${PROJECT_ID}.iam.gserviceaccount.com"

if gcloud iam service-accounts describe "$SA_EMAIL" --project "$PROJECT_ID" >/dev/null 2>&1; then
  echo "service account $SA_EMAIL exists"
else
  gcloud iam service-accounts create "$SA_ID" --project "$PROJECT_ID" --display-name "$DISPLAY" --description "$DESCRIPTION"
fi

for role in "${ROLES[@]}"; do
  gcloud projects add-iam-policy-binding "$PROJECT_ID" --member "serviceAccount:${SA_EMAIL}" --role "$role" --condition None --quiet >/dev/null
  echo "granted $role"
done

for secret in "${SECRETS[@]}"; do
  if gcloud secrets describe "$secret" --project "$PROJECT_ID" >/dev/null 2>&1; then
    gcloud secrets add-iam-policy-binding "$secret" --project "$PROJECT_ID" --member "serviceAccount:${SA_EMAIL}" --role roles/secretmanager.secretAccessor --quiet >/dev/null
    echo "granted roles/secretmanager.secretAccessor on secret $secret only"
  else
    echo "secret $secret not found: create it (docs/operations.md); firebase deploy grants the account access to it"
  fi
done

if [[ -n "$DEPLOYER" ]]; then
  gcloud iam service-accounts add-iam-policy-binding "$SA_EMAIL" --project "$PROJECT_ID" --member "$DEPLOYER" --role roles/iam.serviceAccountUser --quiet >/dev/null
  echo "granted $DEPLOYER roles/iam.serviceAccountUser on $SA_EMAIL only"
fi

cd "$(dirname "$0")/../.."
exec npm run --silent check:iam -- ${AGENT} --project "$PROJECT_ID"
