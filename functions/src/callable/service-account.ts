/**
 * The functions' runtime identity in production (docs/security.md, layer 4): a dedicated service
 * account holding roles/datastore.viewer and roles/logging.logWriter only, created by
 * scripts/iam/create-service-account.sh and checked by `npm run check:iam`.
 *
 * A literal, not an environment variable: the runtime account is read when `firebase deploy`
 * discovers the functions, and an unset variable there would silently deploy with the project's
 * default compute account (roles/editor in most projects, which writes Firestore). firebase-tools
 * resolves the `id@` shorthand to `id@<deploy project>.iam.gserviceaccount.com`, and the deploy
 * fails if that account does not exist.
 */
export const FUNCTIONS_SERVICE_ACCOUNT_ID = "nova-tools";

/** What `serviceAccount` is set to on every function. */
export const FUNCTIONS_SERVICE_ACCOUNT = `${FUNCTIONS_SERVICE_ACCOUNT_ID}@`;

export function functionsServiceAccountEmail(projectId: string): string {
  return `${FUNCTIONS_SERVICE_ACCOUNT_ID}@${projectId}.iam.gserviceaccount.com`;
}
