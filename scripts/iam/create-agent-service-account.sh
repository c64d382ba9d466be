#!/usr/bin/env bash
# Creates Nova's runtime service account (the nova-agent codebase, docs/security.md), then checks it
# with `npm run check:iam -- --agent`.
#
#   scripts/iam/create-agent-service-account.sh PROJECT_ID [DEPLOYER_MEMBER]
#
# The account holds no Firestore role at all: Nova reads data only through the tools, which bind
# identity from the caller's own ID token. It gets two project roles:
#   roles/aiplatform.user    call Vertex AI models (NOVA_MODEL=vertexai/...)
#   roles/logging.logWriter  write the invocation records
# and secret access on the secrets it uses only (NOVA_PSEUDONYM_KEY, and GEMINI_API_KEY for
# NOVA_MODEL=googleai/...), not on the project. DEPLOYER_MEMBER gets roles/iam.serviceAccountUser on
# this account only, which `firebase deploy` needs to attach it. Idempotent; it never removes roles:
# if the account holds others, the check at the end fails and names them.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || -z "${1:-}" ]]; then
  echo "usage: $0 PROJECT_ID [DEPLOYER_MEMBER]" >&2
  exit 2
fi
PROJECT_ID="$1"
DEPLOYER="${2:-}"
# Must match AGENT_SERVICE_ACCOUNT_ID in agent/src/config.ts.
SA_ID="nova-agent"
SA_EMAIL="${SA_ID}@${PROJECT_ID}.iam.gserviceaccount.com"
ROLES=(roles/aiplatform.user roles/logging.logWriter)
SECRETS=(NOVA_PSEUDONYM_KEY GEMINI_API_KEY)

if gcloud iam service-accounts describe "$SA_EMAIL" --project "$PROJECT_ID" >/dev/null 2>&1; then
  echo "service account $SA_EMAIL exists"
else
  gcloud iam service-accounts create "$SA_ID" --project "$PROJECT_ID" \
    --display-name "Nova agent (nova_ask runtime)" \
    --description "Runtime identity of nova_ask: calls the model and writes logs; no Firestore role."
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
    echo "secret $secret not found (GEMINI_API_KEY is needed only for googleai/... models)"
  fi
done

if [[ -n "$DEPLOYER" ]]; then
  gcloud iam service-accounts add-iam-policy-binding "$SA_EMAIL" --project "$PROJECT_ID" --member "$DEPLOYER" --role roles/iam.serviceAccountUser --quiet >/dev/null
  echo "granted $DEPLOYER roles/iam.serviceAccountUser on $SA_EMAIL only"
fi

cd "$(dirname "$0")/../.."
exec npm run --silent check:iam -- --agent --project "$PROJECT_ID"
