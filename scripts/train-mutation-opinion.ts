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
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { deflateRawSync } from "node:zlib";
import { createMutationDetector } from "../nova/src/validator/mutation";
import {
  CLAIM_ABOVE,
  claimProbability,
  DIMENSIONS,
  dot,
  featuresOf,
  opinionVerdict,
  sigmoid,
  VETO_BELOW,
  type Features,
} from "../nova/src/validator/mutation/opinion";
import { generatedCorpus } from "../test/unit/nova/mutation-corpus";
import { developmentSplits, unreadSplits } from "../test/unit/nova/mutation-splits";

const CORPORA = resolve(__dirname, "..", "test", "unit", "nova");
export const MODEL_FILE = resolve(__dirname, "..", "nova", "src", "validator", "mutation", "opinion.json");

export const TRAINING = { epochs: 30, rate: 0.5, l2: 1e-4, seed: 24, generatedWeight: 0.5 } as const;

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

/** The thresholds calibration tries (opinion.ts, VETO_BELOW and CLAIM_ABOVE). */
const GRID = {
  vetoBelow: [0.02, 0.05, 0.1, 0.15, 0.2, 0.3],
  claimAbove: [0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95],
} as const;
const FOLDS = 5;

/**
 * The thresholds by cross-validation over the development splits, never an unread held-out: each split in one of
 * FOLDS folds, each fold's cases judged by a model trained without it (and with the generated corpus), so every
 * case is decided by a model that never saw it. Prints, for each pair of thresholds, the misses, false
 * positives and wrong verdicts over every development case.
 */
function calibrate(): void {
  const reader = createMutationDetector(undefined, process.env, { secondOpinion: false });
  const splits = developmentSplits();
  const cells = new Map<string, { misses: number; falsePositives: number }>();
  let claims = 0;
  let plain = 0;
  for (let fold = 0; fold < FOLDS; fold++) {
    const weights = train(examplesOf(splits.filter((_, i) => i % FOLDS !== fold)));
    for (const c of splits.filter((_, i) => i % FOLDS === fold).flatMap(load)) {
      if (c.claim) claims++;
      else plain++;
      const { findings, sentences, doable } = reader.read(c.text);
      const p = claimProbability(c.text, weights);
      // each finding's sentence scored once, not once a pair of thresholds
      const scored = sentences.map((text) => claimProbability(text, weights));
      const sentence = (i: number) => scored[i] ?? null;
      for (const vetoBelow of GRID.vetoBelow)
        for (const claimAbove of GRID.claimAbove) {
          const verdict = opinionVerdict(p, findings.length, sentence, doable.length > 0, { vetoBelow, claimAbove });
          const flagged = verdict.add || findings.some((_, i) => verdict.keep(i));
          const key = `${vetoBelow} ${claimAbove}`;
          const cell = cells.get(key) ?? { misses: 0, falsePositives: 0 };
          if (c.claim && !flagged) cell.misses++;
          if (!c.claim && flagged) cell.falsePositives++;
          cells.set(key, cell);
        }
    }
  }
  console.log(`${claims} claims, ${plain} non-claims, out of fold (${FOLDS} folds by split)`);
  console.log("vetoBelow claimAbove misses falsePositives wrong");
  const rows = [...cells].sort((a, b) => a[1].misses + a[1].falsePositives - (b[1].misses + b[1].falsePositives));
  for (const [key, { misses, falsePositives }] of rows) {
    const shipped = key === `${VETO_BELOW} ${CLAIM_ABOVE}` ? "  (shipped)" : "";
    console.log(`${key} ${misses} ${falsePositives} ${misses + falsePositives}${shipped}`);
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      write: { type: "boolean", default: false },
      measure: { type: "string" },
      unread: { type: "boolean", default: false },
      calibrate: { type: "boolean", default: false },
    },
  });
  if (values.write) {
    // every development split's cases, then the whole generated corpus's (built once: it is the slow part)
    const generated = generatedCorpus();
    const model = {
      $comment:
        "The mutation detector's learned second opinion (opinion.ts), written by scripts/train-mutation-opinion.ts --write: do not edit.",
      trainedOn: [...developmentSplits(), GENERATED],
      generatedCases: generated.length,
      ...TRAINING,
      ...encodeWeights(train(examplesOf(developmentSplits(), generated))),
    };
    writeFileSync(MODEL_FILE, `${JSON.stringify(model, null, 2)}\n`);
    console.log(`wrote ${MODEL_FILE}`);
  }
  if (values.calibrate) calibrate();
  if (values.measure) measure(values.measure.split(","), values.unread);
}

if (require.main === module) main();
