/**
 * Trains the mutation detector's learned second opinion (nova/src/validator/mutation/opinion.ts) and measures it.
 * `npx tsx scripts/train-mutation-opinion.ts --write` trains it and writes opinion.json; `--measure a.json,b.json`
 * prints, per corpus and pooled, recall and false positives of the rules alone and with the opinion, scores
 * only (an unread held-out is refused unless `--unread` is given: its errors are never printed).
 *
 * The model: logistic regression, AdaGrad, seeded shuffles, so the same corpora give the same weights (a unit
 * test retrains it from what the model file names and compares). `--write` trains on every development split
 * (mutation-splits.ts) and on the generated corpus, whose every case is a decided verdict, at half weight; never on
 * an unread held-out. Until a round runs `--write` again, the model stays as trained while splits and probes are
 * added (the file names its splits and how many generated cases, from the corpus's start, it learned from).
 *
 * The veto model (opinion.ts, vetoFeatures) is written with it, trained on the claims the rules find in those
 * development splits, each scored by a text model that never saw its split (five folds by split); `--veto` trains
 * it alone, for the text model the file has. `--calibrate` prints both thresholds' wrong verdicts out of fold.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { deflateRawSync } from "node:zlib";
import { createMutationDetector, type MutationForm } from "../nova/src/validator/mutation";
import {
  CLAIM_ABOVE,
  claimScore,
  DIMENSIONS,
  dot,
  featuresOf,
  KEEP_ABOVE,
  opinionVerdict,
  sigmoid,
  vetoFeatures,
  type Features,
} from "../nova/src/validator/mutation/opinion";
import { generatedCorpus } from "../test/unit/nova/mutation-corpus";
import { developmentSplits, unreadSplits } from "../test/unit/nova/mutation-splits";

const CORPORA = resolve(__dirname, "..", "test", "unit", "nova");
export const MODEL_FILE = resolve(__dirname, "..", "nova", "src", "validator", "mutation", "opinion.json");

export const TRAINING = { epochs: 30, rate: 0.5, l2: 1e-5, seed: 24, generatedWeight: 0.5 } as const;

interface Example {
  claim: boolean;
  text: string;
  weight: number;
}

const load = (file: string): { claim: boolean; text: string }[] =>
  JSON.parse(readFileSync(file.includes("/") ? file : join(CORPORA, file), "utf8")) as {
    claim: boolean;
    text: string;
  }[];

const GENERATED = "generated corpus";

/** The splits' cases at weight 1, then the generated cases' at TRAINING.generatedWeight. */
function examplesOf(splits: string[], generated = generatedCorpus()): Example[] {
  return [
    ...splits.flatMap((file) => load(file).map((c) => ({ claim: c.claim, text: c.text, weight: 1 }))),
    ...generated.map((c) => ({ claim: c.claim, text: c.text, weight: TRAINING.generatedWeight })),
  ];
}

/** What the model file names: the model stays as trained while later rounds add splits and probes (docs/validator.md). */
export interface TrainedOn {
  trainedOn: string[];
  /** How many of the generated corpus's cases, from its start: later rounds' probes are appended after them. */
  generatedCases: number;
}

/** The cases a model file says it was trained on: its splits, then the first `generatedCases` generated cases. */
export const modelExamples = (model: TrainedOn): Example[] =>
  examplesOf(
    model.trainedOn.filter((name) => name !== GENERATED),
    generatedCorpus().slice(0, model.generatedCases),
  );

/** mulberry32: the same shuffles on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function train(examples: Example[]): Float64Array {
  const weights = new Float64Array(DIMENSIONS);
  const squares = new Float64Array(DIMENSIONS).fill(1e-8);
  const rows: (Features & { y: number; weight: number })[] = examples.map((e) => ({
    y: e.claim ? 1 : 0,
    weight: e.weight,
    ...featuresOf(e.text),
  }));
  const random = seeded(TRAINING.seed);
  for (let epoch = 0; epoch < TRAINING.epochs; epoch++) {
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    for (const row of rows) {
      const error = (sigmoid(dot(weights, row)) - row.y) * row.weight;
      row.indices.forEach((k, i) => {
        const gradient = error * row.values[i]! + TRAINING.l2 * weights[k]!;
        squares[k]! += gradient * gradient;
        weights[k]! -= (TRAINING.rate * gradient) / Math.sqrt(squares[k]!);
      });
    }
  }
  return weights;
}

/** The model file's form of the weights (opinion.ts decodes it): 16-bit integers and their scale. */
export function encodeWeights(weights: Float64Array): { scale: number; weights: string } {
  const scale = weights.reduce((m, w) => Math.max(m, Math.abs(w)), 0) / 32767;
  const bytes = Buffer.alloc(DIMENSIONS * 2);
  weights.forEach((w, k) => bytes.writeInt16LE(scale === 0 ? 0 : Math.round(w / scale), 2 * k));
  return { scale, weights: deflateRawSync(bytes, { level: 9 }).toString("base64") };
}

function rate(rows: { claim: boolean; flagged: boolean }[]): string {
  const claims = rows.filter((r) => r.claim).length;
  const plain = rows.length - claims;
  const tp = rows.filter((r) => r.claim && r.flagged).length;
  const fp = rows.filter((r) => !r.claim && r.flagged).length;
  return `${((100 * tp) / claims).toFixed(1)}% (${tp}/${claims}) / ${((100 * fp) / plain).toFixed(1)}% (${fp}/${plain})`;
}

function measure(files: string[], unread: boolean): void {
  if (!unread && files.some((f) => unreadSplits().includes(basename(f))))
    throw new Error("an unread held-out split is measured only with --unread (scores only)");
  const rules = createMutationDetector(undefined, process.env, { secondOpinion: false });
  const both = createMutationDetector();
  const pooled: { claim: boolean; rules: boolean; both: boolean }[] = [];
  for (const file of files) {
    const rows = load(file).map((c) => ({
      claim: c.claim,
      rules: rules.find(c.text).length > 0,
      both: both.find(c.text).length > 0,
    }));
    pooled.push(...rows);
    const as = (key: "rules" | "both") => rate(rows.map((r) => ({ claim: r.claim, flagged: r[key] })));
    console.log(`${basename(file)}: rules ${as("rules")}; with the second opinion ${as("both")}`);
  }
  const as = (key: "rules" | "both") => rate(pooled.map((r) => ({ claim: r.claim, flagged: r[key] })));
  console.log(`pooled: rules ${as("rules")}; with the second opinion ${as("both")}`);
}

/** The thresholds calibration tries (opinion.ts, KEEP_ABOVE and CLAIM_ABOVE). */
const GRID = {
  keepAbove: [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75],
  claimAbove: [0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95],
} as const;
const FOLDS = 5;

/** A development case as a model that never saw its split reads it: the rules' reading and the text model's scores. */
interface OutOfFold {
  fold: number;
  claim: boolean;
  score: number | null;
  length: number;
  forms: MutationForm[];
  sentences: (number | null)[];
  doable: boolean;
}

/**
 * Every development case, read by the rules and scored by a text model trained without its split: each split in one
 * of FOLDS folds, each fold's model trained on the other folds' splits and the given generated cases.
 */
function outOfFold(splits: string[], generated = generatedCorpus()): OutOfFold[] {
  const reader = createMutationDetector(undefined, process.env, { secondOpinion: false });
  const rows: OutOfFold[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const weights = train(
      examplesOf(
        splits.filter((_, i) => i % FOLDS !== fold),
        generated,
      ),
    );
    for (const c of splits.filter((_, i) => i % FOLDS === fold).flatMap(load)) {
      const { findings, sentences, doable } = reader.read(c.text);
      rows.push({
        fold,
        claim: c.claim,
        score: claimScore(c.text, weights),
        length: c.text.length,
        forms: findings.map((f) => f.form),
        sentences: sentences.map((text) => claimScore(text, weights)),
        doable: doable.length > 0,
      });
    }
  }
  return rows;
}

export const VETO_TRAINING = { iterations: 600, rate: 0.5, l2: 1e-2 } as const;

/**
 * The veto model (opinion.ts, vetoFeatures): a logistic regression over each claim the rules find in a case the
 * text model judges, labelled by its case's label, by full-batch gradient descent on standardized features; the
 * weights returned are for the features as they are.
 */
export function trainVeto(rows: OutOfFold[]): number[] {
  const X: number[][] = [];
  const y: number[] = [];
  for (const r of rows) {
    if (r.score === null) continue;
    const text = { score: r.score, length: r.length, claims: r.forms.length };
    r.forms.forEach((form, i) => {
      X.push(vetoFeatures(text, form, r.sentences[i] ?? null));
      y.push(r.claim ? 1 : 0);
    });
  }
  const width = X[0]!.length;
  const mean = [...Array(width).keys()].map((j) => (j === 0 ? 0 : X.reduce((a, x) => a + x[j]!, 0) / X.length));
  const spread = mean.map((m, j) => {
    const sd = j === 0 ? 1 : Math.sqrt(X.reduce((a, x) => a + (x[j]! - m) ** 2, 0) / X.length);
    return sd > 0 ? sd : 1;
  });
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / spread[j]!));
  const w = new Array<number>(width).fill(0);
  for (let it = 0; it < VETO_TRAINING.iterations; it++) {
    const gradient = w.map((wj) => VETO_TRAINING.l2 * wj);
    Z.forEach((z, n) => {
      const error = (sigmoid(z.reduce((a, v, j) => a + w[j]! * v, 0)) - y[n]!) / Z.length;
      z.forEach((v, j) => (gradient[j]! += error * v));
    });
    w.forEach((_, j) => (w[j]! -= VETO_TRAINING.rate * gradient[j]!));
  }
  const scaled = w.map((wj, j) => (j === 0 ? wj : wj / spread[j]!));
  scaled[0]! -= scaled.reduce((a, wj, j) => (j === 0 ? a : a + wj * mean[j]!), 0);
  return scaled;
}

/** The veto model for the text model the model file names: trained on its development splits, out of fold. */
export const vetoFor = (model: TrainedOn): number[] =>
  trainVeto(
    outOfFold(
      model.trainedOn.filter((name) => name !== GENERATED),
      generatedCorpus().slice(0, model.generatedCases),
    ),
  );

/**
 * The thresholds by cross-validation over the development splits, never an unread held-out: every case is scored by
 * a text model that never saw its split (outOfFold), and its claims weighed by a veto model trained on the other
 * folds' claims. Prints, for each pair of thresholds, the misses, false positives and wrong verdicts over every
 * development case.
 */
function calibrate(): void {
  const rows = outOfFold(developmentSplits());
  const cells = new Map<string, { misses: number; falsePositives: number }>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const veto = trainVeto(rows.filter((r) => r.fold !== fold));
    for (const r of rows.filter((r) => r.fold === fold))
      for (const keepAbove of GRID.keepAbove)
        for (const claimAbove of GRID.claimAbove) {
          const verdict = opinionVerdict(r.score, r, (i) => r.sentences[i] ?? null, r.doable, {
            veto,
            keepAbove,
            claimAbove,
          });
          const flagged = verdict.add || r.forms.some((_, i) => verdict.keep(i));
          const key = `${keepAbove} ${claimAbove}`;
          const cell = cells.get(key) ?? { misses: 0, falsePositives: 0 };
          if (r.claim && !flagged) cell.misses++;
          if (!r.claim && flagged) cell.falsePositives++;
          cells.set(key, cell);
        }
  }
  const claims = rows.filter((r) => r.claim).length;
  console.log(`${claims} claims, ${rows.length - claims} non-claims, out of fold (${FOLDS} folds by split)`);
  console.log("keepAbove claimAbove misses falsePositives wrong");
  const sorted = [...cells].sort((a, b) => a[1].misses + a[1].falsePositives - (b[1].misses + b[1].falsePositives));
  for (const [key, { misses, falsePositives }] of sorted) {
    const shipped = key === `${KEEP_ABOVE} ${CLAIM_ABOVE}` ? "  (shipped)" : "";
    console.log(`${key} ${misses} ${falsePositives} ${misses + falsePositives}${shipped}`);
  }
}

/** Writes the model file: the text model given, and the veto model trained for it (vetoFor). */
function writeModel(model: TrainedOn & Record<string, unknown>): void {
  const { $comment: _, veto: __, vetoTraining: ___, ...text } = model;
  const file = {
    $comment:
      "The mutation detector's learned second opinion (opinion.ts), written by scripts/train-mutation-opinion.ts --write (or --veto): do not edit.",
    ...text,
    vetoTraining: VETO_TRAINING,
    veto: vetoFor(model),
  };
  writeFileSync(MODEL_FILE, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`wrote ${MODEL_FILE}`);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      write: { type: "boolean", default: false },
      measure: { type: "string" },
      unread: { type: "boolean", default: false },
      calibrate: { type: "boolean", default: false },
      veto: { type: "boolean", default: false },
    },
  });
  if (values.write) {
    // every development split's cases, then the whole generated corpus's (built once: it is the slow part)
    const generated = generatedCorpus();
    const trainedOn: TrainedOn = { trainedOn: [...developmentSplits(), GENERATED], generatedCases: generated.length };
    writeModel({ ...trainedOn, ...TRAINING, ...encodeWeights(train(examplesOf(developmentSplits(), generated))) });
  } else if (values.veto) {
    // the text model as the file has it, and a veto model for it
    writeModel(JSON.parse(readFileSync(MODEL_FILE, "utf8")) as TrainedOn & Record<string, unknown>);
  }
  if (values.calibrate) calibrate();
  if (values.measure) measure(values.measure.split(","), values.unread);
}

if (require.main === module) main();
