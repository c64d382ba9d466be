import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createMutationDetector, findMutationClaims } from "../../../nova/src/validator/mutation";
import MODEL from "../../../nova/src/validator/mutation/opinion.json";
import {
  checkedVeto,
  claimProbability,
  claimScore,
  decodeWeights,
  DIMENSIONS,
  featuresOf,
  FEWEST_WORDS,
  keepProbability,
  opinionVerdict,
  shippedOpinion,
  vetoFeatures,
} from "../../../nova/src/validator/mutation/opinion";
import {
  encodeWeights,
  modelExamples,
  train,
  TRAINING,
  vetoFor,
  VETO_TRAINING,
} from "../../../scripts/train-mutation-opinion";
import { developmentSplits, unreadSplits } from "./mutation-splits";

describe("mutation detector: the learned second opinion", () => {
  it("the shipped weights are what the trainer makes from the corpora the model file names", () => {
    // the model may lag the split table (a round may change the rules and leave the opinion as trained), never lead it
    expect(MODEL.trainedOn.at(-1)).toBe("generated corpus");
    for (const split of MODEL.trainedOn.slice(0, -1)) expect(developmentSplits()).toContain(split);
    expect({
      epochs: MODEL.epochs,
      rate: MODEL.rate,
      l2: MODEL.l2,
      seed: MODEL.seed,
      generatedWeight: MODEL.generatedWeight,
    }).toEqual(TRAINING);
    const made = encodeWeights(train(modelExamples(MODEL)));
    expect(made.scale).toBe(MODEL.scale);
    // compared decoded, not as text: another zlib may deflate the same bytes differently
    expect(decodeWeights(made.scale, made.weights)).toEqual(decodeWeights(MODEL.scale, MODEL.weights));
  }, 60_000);

  it("the shipped veto model is what the trainer makes, out of fold, for the text model the file names", () => {
    expect(MODEL.vetoTraining).toEqual(VETO_TRAINING);
    const made = vetoFor(MODEL);
    expect(made).toHaveLength(MODEL.veto.length);
    made.forEach((w, j) => expect(w).toBeCloseTo(MODEL.veto[j]!, 9));
  }, 600_000);

  it("never trains on an unread held-out split", () => {
    expect(unreadSplits().length).toBeGreaterThanOrEqual(9);
    for (const file of unreadSplits()) expect(MODEL.trainedOn).not.toContain(file);
  });

  it("finds a claim the rules pass, in the clause where Nova may be the doer, named by its effect", () => {
    const rules = createMutationDetector(undefined, {}, { secondOpinion: false });
    expect(rules.find("Ok I've bumpd the weekly budgt to $250")).toEqual([]);
    expect(findMutationClaims("Ok I've bumpd the weekly budgt to $250")).toEqual([
      { form: "learned", effect: "bump", clause: "Ok I've bumpd the weekly budgt to $250" },
    ]);
  });

  it("vetoes a claim the rules find in a text it reads as none", () => {
    // (round 15's rules read "I've corrected the date in my summary above" as the answer's own, the test's old text)
    const text = "Sorry, resetting your password or token is outside my reach.";
    expect(createMutationDetector(undefined, {}, { secondOpinion: false }).find(text)).toHaveLength(1);
    expect(claimProbability(text)).toBeLessThan(0.05);
    expect(findMutationClaims(text)).toEqual([]);
  });

  it("vetoes by the sentence a claim is in: a long answer's reads do not talk a plain claim away", () => {
    const text =
      "I read the trend scan and the operator feed this morning. Video tutorials grew 40% this week; two items " +
      "await approval. The operator feed was briefly unavailable and answered on the second attempt. Nothing " +
      "was changed: these are read-only observations for the team to act on. I've retried the failed job for you.";
    expect(claimProbability(text)).toBeLessThan(0.05);
    expect(findMutationClaims(text)).toEqual([
      { form: "first_person", effect: "retry", clause: "I've retried the failed job for you" },
    ]);
  });

  it("adds nothing where the rules read another doer, however much the words sound like a claim", () => {
    for (const text of [
      "Maya bumpd the weekly budgt to $250",
      "The agency has dialled the ad budget back to $75 a day.",
    ]) {
      expect(claimProbability(text)).toBeGreaterThan(0.8);
      expect(findMutationClaims(text)).toEqual([]);
    }
    expect(findMutationClaims("I've dialled the ad budget back to $75 a day.")).toHaveLength(1);
  });

  it("leaves a text of fewer than three words to the rules", () => {
    expect(FEWEST_WORDS).toBe(3);
    for (const text of ["Consider it.", "No job.", "", "✅ 👍"]) expect(claimProbability(text)).toBeNull();
    expect(findMutationClaims("Consider it.")).toEqual([]);
    expect(findMutationClaims("Approved ✅")).toHaveLength(1);
  });

  it("joins the rules over the base lexicon only: a deployment's words are the rules' to read", () => {
    expect(findMutationClaims("I yeeted the zine.")).toEqual([
      { form: "learned", effect: "yeet", clause: "I yeeted the zine" },
    ]);
    expect(createMutationDetector({ mayDo: { check: ["yeet"] } }, {}).find("I yeeted the zine.")).toEqual([]);
  });

  it("reads any text: features are hashed into the model's space and scaled to unit length", () => {
    for (const text of ["", "Ich habe den Beitrag veröffentlicht 🚀", '{"__proto__": 1}', "x".repeat(20_000)]) {
      const f = featuresOf(text);
      expect(f.indices.every((k) => Number.isInteger(k) && k >= 0 && k < DIMENSIONS)).toBe(true);
      expect(f.values.reduce((a, v) => a + v * v, 0)).toBeCloseTo(1, 9);
      expect(featuresOf(text)).toEqual(f);
    }
    expect(featuresOf("Ich habe den Beitrag veröffentlicht").words).toBe(5);
  });

  it("reads a quotation as one placeholder, as the rules do: its words are not Nova's", () => {
    expect(featuresOf('I published "We deleted our old logo".')).toEqual(featuresOf('I published "Spring menu".'));
    expect(featuresOf("I published “We deleted our old logo”.")).toEqual(featuresOf('I published "x".'));
    expect(findMutationClaims('I published "We deleted our old logo".')).toMatchObject([{ effect: "publish" }]);
  });

  it("weighs each claim by the veto model, adds one by the text model's threshold, leaves a short text to the rules", () => {
    // a veto model that reads only the claim's sentence's score: it keeps a claim whose sentence scores above 0
    const veto = vetoFeatures({ score: 0, length: 1, claims: 1 }, "offer", null).map((_, j) => (j === 2 ? 1 : 0));
    const thresholds = { veto, keepAbove: 0.5, claimAbove: 0.85 };
    const sentence = (scores: (number | null)[]) => (i: number) => scores[i] ?? null;
    const kept = (v: { keep: (i: number) => boolean }, n: number) => [...Array(n).keys()].map((i) => v.keep(i));
    const two = { length: 400, forms: ["first_person", "confirmation"] as const };
    // too short to judge: the rules alone
    expect(kept(opinionVerdict(null, two, sentence([-5, -5]), true, thresholds), 2)).toEqual([true, true]);
    expect(opinionVerdict(null, { length: 9, forms: [] }, sentence([]), true, thresholds).add).toBe(false);
    // each claim by its own features, whatever the other's; a sentence too short to judge stands for the text's score
    expect(kept(opinionVerdict(-3, two, sentence([2, -2]), true, thresholds), 2)).toEqual([true, false]);
    expect(kept(opinionVerdict(-3, two, sentence([null, 1]), true, thresholds), 2)).toEqual([false, true]);
    expect(kept(opinionVerdict(3, two, sentence([null, 0]), true, thresholds), 2)).toEqual([true, false]);
    // nothing found: one added above the claim threshold, where Nova may be the doer of some clause
    const none = { length: 40, forms: [] };
    expect(opinionVerdict(Math.log(0.86 / 0.14), none, sentence([]), true, thresholds).add).toBe(true);
    expect(opinionVerdict(Math.log(0.84 / 0.16), none, sentence([]), true, thresholds).add).toBe(false);
    expect(opinionVerdict(5, none, sentence([]), false, thresholds).add).toBe(false);
  });

  it("reads a claim's features as the docs say: the scores, the logarithms of length and count, the rule", () => {
    const f = vetoFeatures({ score: -1.5, length: Math.E ** 3, claims: 2 }, "passive", 0.25);
    expect(f.slice(0, 5)).toEqual([1, -1.5, 0.25, 3, Math.log(2)]);
    expect(f.slice(5)).toEqual(
      ["first_person", "offer", "confirmation", "progress", "checklist", "passive", "learned"].map((x) =>
        x === "passive" ? 1 : 0,
      ),
    );
    expect(vetoFeatures({ score: -1.5, length: 1, claims: 1 }, "offer", null)[2]).toBe(-1.5);
    expect(keepProbability([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], f)).toBe(0.5);
  });

  it("the shipped veto model trusts a claim's own sentence above the text it is in", () => {
    const { veto } = shippedOpinion();
    const text = { score: -4, length: 1200, claims: 1 };
    expect(keepProbability(veto, vetoFeatures(text, "first_person", 4))).toBeGreaterThan(
      keepProbability(veto, vetoFeatures(text, "first_person", -4)),
    );
    expect(claimScore("I've retried the failed job for you.")).toBeGreaterThan(0);
  });

  it("decides with the model and thresholds it is given (calibration's path), through the detector", () => {
    // no weights: every text the model judges is 0.5
    const flat = {
      weights: new Float64Array(DIMENSIONS),
      veto: shippedOpinion().veto.map(() => 0),
      keepAbove: 0.6,
      claimAbove: 0.9,
    };
    const claim = "I've retried the failed job for you.";
    expect(createMutationDetector(undefined, {}, { opinion: flat }).find(claim)).toEqual([]);
    const eager = { ...flat, keepAbove: 0.4, claimAbove: 0.4 };
    expect(createMutationDetector(undefined, {}, { opinion: eager }).find(claim)).toHaveLength(1);
    const rules = createMutationDetector(undefined, {}, { secondOpinion: false });
    expect(rules.find("Ok I've bumpd the weekly budgt to $250")).toEqual([]);
    expect(rules.read("Ok I've bumpd the weekly budgt to $250").doable.length).toBeGreaterThan(0);
    expect(
      createMutationDetector(undefined, {}, { opinion: eager }).find("Ok I've bumpd the weekly budgt to $250"),
    ).toMatchObject([{ form: "learned" }]);
  });

  it("refuses a model file whose weights are not the model's size, saying so", () => {
    const half = deflateRawSync(Buffer.alloc(DIMENSIONS)).toString("base64");
    expect(() => decodeWeights(1, half)).toThrow(/mutation opinion: 262144 bytes, not 524288/);
    expect(checkedVeto(MODEL.veto)).toEqual(MODEL.veto);
    expect(() => checkedVeto(MODEL.veto.slice(1))).toThrow(/^mutation opinion: 11 veto weights, not 12$/);
    expect(() => checkedVeto([...MODEL.veto.slice(1), null])).toThrow(
      /^mutation opinion: a veto weight is not a finite number$/,
    );
    expect(() => checkedVeto([...MODEL.veto.slice(1), "1"])).toThrow(/not a finite number/);
  });
});
