export {
  createMutationDetector,
  defaultDetector,
  findMutationClaims,
  impliesMutation,
  rememberingDetector,
} from "./detector";
export type { MutationDetector } from "./detector";
export type { MutationFinding, MutationForm } from "./judge";
export { LEXICON_ENV, MutationLexiconSchema, loadLexicon, mergeLexicon, type MutationLexicon } from "./lexicon";
