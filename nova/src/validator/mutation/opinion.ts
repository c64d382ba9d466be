/**
 * The learned second opinion beside the rules (docs/validator.md, "The ninth round"): a logistic regression over
 * a text's word unigrams and bigrams, hashed and scaled to unit length, trained by
 * scripts/train-mutation-opinion.ts on every development split and on the generated corpus's decided cases,
 * never on an unread held-out. The rules read; the opinion weighs each of their claims by the veto model (a small
 * logistic model over the text model's scores of the text and of the claim's sentence, the text's length, the
 * number of claims and the rule that found it; "The forty-third round") and drops it at or below KEEP_ABOVE, and
 * finds one in a text they pass when it gives more than CLAIM_ABOVE (detector.ts, withOpinion).
 */
import { inflateRawSync } from "node:zlib";
import { MUTATION_FORMS, type MutationForm } from "./judge";
import MODEL from "./opinion.json";

export const DIMENSIONS = 1 << 18;
/**
 * The thresholds with the fewest wrong verdicts out of fold over the development splits
 * (`scripts/train-mutation-opinion.ts --calibrate`; docs/validator.md, "The seventeenth round", "The forty-third
 * round" and "The forty-fourth round"): the veto model's, to keep a claim, and the text model's, to add one.
 */
export const KEEP_ABOVE = 0.65;
export const CLAIM_ABOVE = 0.85;
/**
 * Below this many words the rules read a text alone: on "Consider it." the model has three features beside
 * the bias, and their company elsewhere ("Consider it done") outweighs what the text says.
 */
export const FEWEST_WORDS = 3;

/** A word (with inner apostrophes, hyphens, dots, slashes: "didn't", "job-42", "posts/p1") or one other mark. */
const WORDS = /(?<![\p{L}\p{N}'’_/.-])[\p{L}\p{N}'’_/.-]*[\p{L}\p{N}]|[^\s\p{L}\p{N}]/gu;

/** FNV-1a, folded into the hashed feature space. */
function hash(feature: string): number {
  let x = 2166136261;
  for (let i = 0; i < feature.length; i++) x = Math.imul(x ^ feature.charCodeAt(i), 16777619);
  return (x >>> 0) % DIMENSIONS;
}

export interface Features {
  indices: number[];
  values: number[];
  /** How many of the text's tokens are words (not marks). */
  words: number;
}

/**
 * Text in double quotation marks, which is not Nova's words (SPEC 6: a post titled "We deleted our old logo"):
 * the model reads one placeholder for it, as the rules read one token.
 */
const QUOTED = /"[^"\n]*"|“[^“”\n]*”|«[^«»\n]*»/gu;

/** The lower-cased text's words and word pairs, and a bias, as hashed indices with values scaled to unit length. */
export function featuresOf(text: string): Features {
  const counts = new Map<number, number>();
  const add = (feature: string) => {
    const k = hash(feature);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  };
  add("__bias");
  const words = text.replace(QUOTED, " qquoteq ").toLowerCase().match(WORDS) ?? [];
  words.forEach((w, i) => {
    add(`u:${w}`);
    if (i > 0) add(`b:${words[i - 1]} ${w}`);
  });
  const norm = Math.sqrt([...counts.values()].reduce((a, b) => a + b * b, 0));
  return {
    indices: [...counts.keys()],
    values: [...counts.values()].map((v) => v / norm),
    words: words.filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
  };
}

/** The weight of one word alone, to name the word a learned finding turns on. */
export const wordIndex = (word: string): number => hash(`u:${word.toLowerCase()}`);

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export const dot = (weights: ArrayLike<number>, f: Features): number =>
  f.indices.reduce((z, k, i) => z + weights[k]! * f.values[i]!, 0);

/** Weights as the model file stores them: 16-bit integers times `scale`, little-endian, deflated, base64. */
export function decodeWeights(scale: number, encoded: string): Float64Array {
  const bytes = inflateRawSync(Buffer.from(encoded, "base64"));
  if (bytes.length !== DIMENSIONS * 2)
    throw new Error(`mutation opinion: ${bytes.length} bytes, not ${DIMENSIONS * 2}`);
  const weights = new Float64Array(DIMENSIONS);
  for (let k = 0; k < DIMENSIONS; k++) weights[k] = bytes.readInt16LE(2 * k) * scale;
  return weights;
}

let shipped: Float64Array | undefined;

/** The shipped weights, decoded on first use. */
export function opinionWeights(): Float64Array {
  shipped ??= decodeWeights(MODEL.scale, MODEL.weights);
  return shipped;
}

/** The model, the veto model and the two thresholds the detector decides with: the shipped ones, or a fold's in calibration. */
export interface Opinion {
  weights: ArrayLike<number>;
  /** The veto model's weights, one for each of vetoFeatures' features. */
  veto: readonly number[];
  keepAbove: number;
  claimAbove: number;
}

export const shippedOpinion = (): Opinion => ({
  weights: opinionWeights(),
  veto: checkedVeto(MODEL.veto),
  keepAbove: KEEP_ABOVE,
  claimAbove: CLAIM_ABOVE,
});

/** The text a claim was found in, as the veto model reads it: the text model's score, its length, how many claims. */
export interface ScoredText {
  score: number;
  length: number;
  claims: number;
}

/**
 * The veto model's features of one of the rules' claims: a bias, the text model's scores (logits) of the text and of
 * the claim's sentence (the text's, where the sentence is too short to judge), the logarithms of the text's length and
 * of the number of claims in it, and which rule found it.
 */
export const vetoFeatures = (text: ScoredText, form: MutationForm, sentence: number | null): number[] => [
  1,
  text.score,
  sentence ?? text.score,
  Math.log(text.length),
  Math.log(text.claims),
  ...MUTATION_FORMS.map((f) => (f === form ? 1 : 0)),
];

/**
 * The model file's veto weights, refused unless there is one finite number for each feature: a short list would make
 * every claim's probability NaN, and every claim would be dropped.
 */
export function checkedVeto(veto: readonly unknown[]): readonly number[] {
  const width = vetoFeatures({ score: 0, length: 1, claims: 1 }, MUTATION_FORMS[0], null).length;
  if (veto.length !== width) throw new Error(`mutation opinion: ${veto.length} veto weights, not ${width}`);
  if (!veto.every((w): w is number => typeof w === "number" && Number.isFinite(w)))
    throw new Error("mutation opinion: a veto weight is not a finite number");
  return veto;
}

/** How likely the veto model finds that a claim with these features is one (not a false positive). */
export const keepProbability = (veto: readonly number[], features: readonly number[]): number =>
  sigmoid(features.reduce((z, x, j) => z + veto[j]! * x, 0));

/**
 * What the opinion makes of the rules' reading of one text, from the text model's score (null for a text too short
 * to judge, left to the rules), the rules' claims' forms and `sentence(i)` the i-th claim's sentence's score: the
 * claims it keeps, and whether it adds one where the rules found none and Nova may be the doer of some clause
 * (`doable`).
 */
export function opinionVerdict(
  score: number | null,
  text: { length: number; forms: readonly MutationForm[] },
  sentence: (i: number) => number | null,
  doable: boolean,
  { veto, keepAbove, claimAbove }: Pick<Opinion, "veto" | "keepAbove" | "claimAbove">,
): { keep: (i: number) => boolean; add: boolean } {
  if (score === null) return { keep: () => true, add: false };
  const { forms } = text;
  if (forms.length > 0) {
    const scored = { score, length: text.length, claims: forms.length };
    return { keep: (i) => keepProbability(veto, vetoFeatures(scored, forms[i]!, sentence(i))) > keepAbove, add: false };
  }
  return { keep: () => true, add: doable && sigmoid(score) > claimAbove };
}

/** The model's score (logit) that `text` claims an effect by Nova; null for a text too short to judge. */
export function claimScore(text: string, weights: ArrayLike<number> = opinionWeights()): number | null {
  const features = featuresOf(text);
  return features.words < FEWEST_WORDS ? null : dot(weights, features);
}

/** How likely the model finds that `text` claims an effect by Nova; null for a text too short to judge. */
export function claimProbability(text: string, weights: ArrayLike<number> = opinionWeights()): number | null {
  const score = claimScore(text, weights);
  return score === null ? null : sigmoid(score);
}
