/**
 * The learned second opinion beside the rules (docs/validator.md, "The ninth round"): a logistic regression over
 * a text's word unigrams and bigrams, hashed and scaled to unit length, trained by
 * scripts/train-mutation-opinion.ts on every development split and on the generated corpus's decided cases,
 * never on an unread held-out. The rules read; the opinion vetoes their claims in a text it gives less than
 * VETO_BELOW (but for a claim whose own sentence it gives more than CLAIM_ABOVE), and finds one in a text they
 * pass when it gives more than CLAIM_ABOVE (detector.ts, withOpinion).
 */
import { inflateRawSync } from "node:zlib";
import MODEL from "./opinion.json";

export const DIMENSIONS = 1 << 18;
/**
 * The thresholds with the fewest wrong verdicts out of fold over the development splits
 * (`scripts/train-mutation-opinion.ts --calibrate`; docs/validator.md, "The seventeenth round").
 */
export const VETO_BELOW = 0.05;
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

/** The model and the two thresholds the detector decides with: the shipped ones, or a fold's in calibration. */
export interface Opinion {
  weights: ArrayLike<number>;
  vetoBelow: number;
  claimAbove: number;
}

export const shippedOpinion = (): Opinion => ({
  weights: opinionWeights(),
  vetoBelow: VETO_BELOW,
  claimAbove: CLAIM_ABOVE,
});

/**
 * What the opinion makes of the rules' reading of one text, from the model's probabilities: `p` the text's (null
 * for a text too short to judge), `sentence(i)` the rules' i-th finding's own sentence's, asked only when the text
 * is vetoed. The findings it keeps, and whether it adds one where the rules found none and Nova may be the doer of
 * some clause (`doable`).
 */
export function opinionVerdict(
  p: number | null,
  findings: number,
  sentence: (i: number) => number | null,
  doable: boolean,
  { vetoBelow, claimAbove }: Pick<Opinion, "vetoBelow" | "claimAbove">,
): { keep: (i: number) => boolean; add: boolean } {
  if (p === null || (findings > 0 && p >= vetoBelow)) return { keep: () => true, add: false };
  if (findings > 0) return { keep: (i) => (sentence(i) ?? p) > claimAbove, add: false };
  return { keep: () => true, add: doable && p > claimAbove };
}

/** How likely the model finds that `text` claims an effect by Nova; null for a text too short to judge. */
export function claimProbability(text: string, weights: ArrayLike<number> = opinionWeights()): number | null {
  const features = featuresOf(text);
  return features.words < FEWEST_WORDS ? null : sigmoid(dot(weights, features));
}
